import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Dashboard } from '../../../../shared/progress/accrued.schema';
import { FiveYearWindowCard } from './five-year-window-card';

const render = (dashboard: Dashboard | undefined) =>
  renderToStaticMarkup(
    <MantineProvider>
      <FiveYearWindowCard dashboard={dashboard} />
    </MantineProvider>,
  );

const window: Pick<
  Dashboard,
  'five_year_window' | 'outside_window' | 'outside_window_hours' | 'expiring'
> = {
  five_year_window: {
    from: '2021-07',
    to: '2026-06',
    label: 'July 2021–June 2026',
    basis: 'running',
  },
  outside_window: [],
  outside_window_hours: 0,
  expiring: [],
};

const dashboard = (fields: Partial<Dashboard>): Dashboard => ({
  goal_hours: 2000,
  total_hours: 1494,
  supervised_type_hours: 1494,
  concentrated_type_hours: 0,
  counted_supervised_type_hours: 1440,
  counted_concentrated_type_hours: 0,
  progress_hours: 1440,
  progress_percent: 72,
  remaining_hours: 560,
  restricted_hours: 0,
  unrestricted_hours: 0,
  approved_hours: 0,
  counted_hours: 1440,
  at_risk_hours: 0,
  ...window,
  ...fields,
});

describe('FiveYearWindowCard (BCBA Handbook, "Duration of Fieldwork")', () => {
  it('is busy while the figures load', () => {
    const html = render(undefined);
    expect(html).toContain('aria-busy="true"');
    expect(html).not.toContain('Five-year window:');
  });

  it('says every month is inside when none is outside or leaving', () => {
    const html = render(dashboard({}));
    expect(html).toContain('Five-year window: July 2021–June 2026');
    expect(html).toContain('Every month of your record is inside the window.');
    expect(html).not.toContain('data-testid="outside-window"');
  });

  it('lists the months outside apart, with why, and the hours falling out next', () => {
    const html = render(
      dashboard({
        outside_window: [
          {
            month: '2021-05',
            date: 'May 2021',
            counted_hours: 24,
            reason: 'outside the five-year window July 2021–June 2026',
          },
        ],
        outside_window_hours: 24,
        expiring: [
          {
            on: '2026-07-01',
            month: '2021-07',
            date: 'July 2021',
            counted_hours: 24,
            message: "On 1 July 2026, July 2021's 24 hours fall outside the five-year window.",
          },
        ],
      }),
    );
    expect(html).toContain('Outside the window, not counted: 24 hours');
    expect(html).toMatch(/<th[^>]*scope="row"[^>]*>May 2021<\/th>/);
    expect(html).toContain('Outside the five-year window July 2021–June 2026');
    expect(html).toContain(
      'On 1 July 2026, July 2021&#x27;s 24 hours fall outside the five-year window.',
    );
    expect(html).not.toContain('Every month of your record is inside the window.');
  });
});
