import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LogDetails } from './log-details';
import { createReviewLog } from './review-log.fixture';

/*
 * Issue 12: what a trainee writes (the note) and what a supervisor writes (a flag's comment) is
 * shown to the other as text, never as markup.
 */

const HOSTILE = '<img src=x onerror=alert(1)>';

describe('LogDetails', () => {
  it('shows a note and a flag comment holding markup as text', () => {
    const html = renderToStaticMarkup(
      <MantineProvider>
        <LogDetails
          log={createReviewLog({
            experience_note: HOSTILE,
            status: 'flagged',
            data: { experience_note: { flagged: true, comment: HOSTILE } },
          })}
        />
      </MantineProvider>,
    );
    expect(html).not.toContain('<img');
    expect(html.split('&lt;img src=x onerror=alert(1)&gt;')).toHaveLength(3);
  });
});
