import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { EmailAddress } from './email-address';

// Issue 36: an email wraps after '@' and dots on a phone, never mid-name.
describe('EmailAddress', () => {
  it.each([
    ['dana.reyes@example.com', 'dana.<wbr/>reyes@<wbr/>example.<wbr/>com'],
    ['ana@clinic.org', 'ana@<wbr/>clinic.<wbr/>org'],
    ['<b>@x', '&lt;b&gt;@<wbr/>x'],
  ])('breaks %s only where a reader expects', (address, inner) => {
    expect(renderToStaticMarkup(<EmailAddress address={address} />)).toBe(
      `<span style="overflow-wrap:anywhere">${inner}</span>`,
    );
  });
});
