import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createFinalForm, createFinalRow } from './final-form-row.fixture';
import { FinalFormRows } from './final-forms-list';

/*
 * Issue 38 part 5. BCBA Handbook, "Fieldwork Verification Forms": a break from accruing
 * fieldwork starts a new supervision experience, so one supervisor may have several rows.
 */

const dana = { trainee_supervisor: 4, supervisor_name: 'Dana Reyes' };
const spring = createFinalRow({
  ...dana,
  form: createFinalForm({ ...dana, id: 9 }),
});
const summer = createFinalRow({
  ...dana,
  first_month: '2026-05',
  last_month: '2026-06',
  from_month: '2026-05',
  to_month: '2026-06',
});

function render() {
  return renderToStaticMarkup(
    <MantineProvider>
      <FinalFormRows
        answer={{ today: '2026-07-10', results: [spring, summer], voided: [] }}
        emptyText="none"
        actions={{ party: 'trainee', onFill: () => undefined, onSign: () => undefined }}
      />
    </MantineProvider>,
  );
}

const NAME = 'Dana Reyes · Supervised fieldwork';

describe('FinalFormRows (Handbook "Fieldwork Verification Forms": a break starts a new supervision experience)', () => {
  it('shows each experience of one supervisor as its own list item with a visible period', () => {
    const html = render();
    expect(html.match(/<li/g)).toHaveLength(2);
    const [first = '', second = ''] = html.split('<li').slice(1);
    expect(first).toContain('Period January 2026 – March 2026');
    expect(second).toContain('Period May 2026 – June 2026');
    expect(first).toContain(NAME);
    expect(second).toContain(NAME);
  });

  it('names every control by its experience’s period, native buttons and selects', () => {
    const html = render();
    for (const label of [
      `aria-label="Period for ${NAME}, January 2026 – March 2026"`,
      `aria-label="Period for ${NAME}, May 2026 – June 2026"`,
      `aria-label="Download the form for ${NAME}, January 2026 – March 2026"`,
      `aria-label="Fill the official F-FVF for ${NAME}, May 2026 – June 2026"`,
    ]) {
      expect(html).toContain(label);
    }
    // Two rows, each with its own pair of period selects, labelled as the other rows' are.
    expect(html.match(/<select/g)).toHaveLength(4);
    expect(html.match(/>Period from</g)).toHaveLength(2);
    expect(html).not.toContain('tabindex="-1"');
  });
});
