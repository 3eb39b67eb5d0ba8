import { Fragment } from 'react';

/**
 * An email address that wraps where a reader expects it to: after the '@' and after each dot,
 * never inside a word (issue 36: the profile broke 'dana.reyes@…' mid-name on a phone). A part
 * longer than the line still breaks, as a last resort.
 */
export function EmailAddress({ address }: { address: string }) {
  const parts = address.split(/(?<=[@.])/);
  return (
    <span style={{ overflowWrap: 'anywhere' }}>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
