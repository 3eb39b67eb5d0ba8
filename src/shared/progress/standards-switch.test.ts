import { describe, expect, it } from 'vitest';
import { RULE_SETS } from '../logs/rule-sets';
import { standardsInForce } from '../logs/standards-in-force';
import type { ExperienceTypeId } from '../reference/lookups';
import { adjustMonthByForms, type FormPartTotals } from './form-hours';
import { healthyPart } from './form-part.fixture';
import {
  compareStandards,
  reachBeforeSwitch,
  switchMonthLine,
  switchSummary,
  type SwitchMonthInput,
} from './standards-switch';

/*
 * Issue 35: the switch to the 2027 standards. BCBA Handbook (updated 01/2026), "Fieldwork
 * Requirements": "Applicants applying for BCBA certification must meet all requirements at the
 * time they apply, regardless of when their hours were earned."
 */

const HOUR = 60;

describe('reachBeforeSwitch ("Fieldwork Requirements": all requirements at the time they apply)', () => {
  it.each<{
    name: string;
    today: string;
    countedHours: number;
    loggedThisMonth: number;
    isConcentrated?: boolean;
    canFinish: boolean;
    capacityHours: number;
  }>([
    {
      name: 'at 1,990 of 2,000 h on 15 December, 10 h fit in the 17 days left',
      today: '2026-12-15',
      countedHours: 1990,
      loggedThisMonth: 30,
      canFinish: true,
      // 130 h × 17/31 days, fewer than the 100 h the month still has room for.
      capacityHours: 71.28,
    },
    {
      name: 'at 400 h on 15 December, 1,600 h do not fit',
      today: '2026-12-15',
      countedHours: 400,
      loggedThisMonth: 30,
      canFinish: false,
      capacityHours: 71.28,
    },
    {
      name: 'on 31 December one day holds 4.2 h: 10 h still needed do not fit',
      today: '2026-12-31',
      countedHours: 1990,
      loggedThisMonth: 30,
      canFinish: false,
      capacityHours: 4.18,
    },
    {
      name: 'on 31 December, 4 h still needed fit',
      today: '2026-12-31',
      countedHours: 1996,
      loggedThisMonth: 30,
      canFinish: true,
      capacityHours: 4.18,
    },
    {
      name: 'a month already at the 130 h maximum holds nothing more',
      today: '2026-12-02',
      countedHours: 1995,
      loggedThisMonth: 130,
      canFinish: false,
      capacityHours: 0,
    },
    {
      name: 'the total already reached: nothing is needed',
      today: '2026-12-31',
      countedHours: 2004,
      loggedThisMonth: 130,
      canFinish: true,
      capacityHours: 0,
    },
    {
      name: 'on 1 November, November and December hold 260 h',
      today: '2026-11-01',
      countedHours: 1750,
      loggedThisMonth: 0,
      canFinish: true,
      capacityHours: 260,
    },
    {
      name: 'concentrated hours count ×1.33 toward the goal',
      today: '2026-12-01',
      countedHours: 1850,
      loggedThisMonth: 0,
      isConcentrated: true,
      canFinish: true,
      capacityHours: 172.9,
    },
  ])('$name', (row) => {
    const reach = reachBeforeSwitch({
      today: row.today,
      countedProgressMinutes: row.countedHours * HOUR,
      loggedThisMonthMinutes: row.loggedThisMonth * HOUR,
      isConcentrated: row.isConcentrated ?? false,
    });
    expect(reach?.canFinish).toBe(row.canFinish);
    expect(reach!.capacityMinutes / HOUR).toBeCloseTo(row.capacityHours, 1);
    expect(reach!.neededMinutes).toBe(Math.max(0, (2000 - row.countedHours) * HOUR));
    expect(reach!.applyBy).toBe('2026-12-31');
  });

  it.each(['2027-01-01', '2027-01-02', '2028-02-29'])(
    'is null on and after the switch (%s)',
    (today) => {
      expect(
        reachBeforeSwitch({
          today,
          countedProgressMinutes: 0,
          loggedThisMonthMinutes: 0,
          isConcentrated: false,
        }),
      ).toBeNull();
    },
  );
});

describe('standardsInForce before the switch, read from the record', () => {
  const reach = (countedHours: number, today = '2026-12-15') =>
    reachBeforeSwitch({
      today,
      countedProgressMinutes: countedHours * HOUR,
      loggedThisMonthMinutes: 30 * HOUR,
      isConcentrated: false,
    });

  it('reads a trainee at 400 h on 15 December by the 2027 standards, and says why', () => {
    const standards = standardsInForce({
      choice: null,
      today: '2026-12-15',
      finishDate: null,
      reach: reach(400),
    });
    expect(standards.ruleSet.id).toBe('2027');
    expect(standards.reason).toBe(
      'You need 1,600 more hours toward the total and the days left before 1/1/2027 hold at most 71.25 at the monthly maximum, so you will apply under the 2027 standards: your record is read by them now, 2026 hours included.',
    );
  });

  it('keeps the 2022 reading for a trainee at 1,990 h on 15 December, with the day to apply by', () => {
    const standards = standardsInForce({
      choice: null,
      today: '2026-12-15',
      finishDate: null,
      reach: reach(1990),
    });
    expect(standards.ruleSet.id).toBe('2022');
    expect(standards.reason).toBe(
      'You can still reach the total before 1/1/2027: apply by 12/31/2026 and the 2022 standards apply; from 1/1/2027, the 2027 standards.',
    );
  });

  it('reads a finish date in December by the 2027 standards when the days left cannot hold the hours', () => {
    const standards = standardsInForce({
      choice: null,
      today: '2026-12-15',
      finishDate: '2026-12-30',
      reach: reach(400),
    });
    expect(standards.ruleSet.id).toBe('2027');
  });

  it('keeps a chosen 2022 reading but says the total cannot be reached before the switch', () => {
    const standards = standardsInForce({
      choice: '2022',
      today: '2026-12-15',
      finishDate: null,
      reach: reach(400),
    });
    expect(standards.ruleSet.id).toBe('2022');
    expect(standards.mismatch).toBe(
      'You need 1,600 more hours toward the total and the days left before 1/1/2027 hold at most 71.25 at the monthly maximum: an application then is judged by the 2027 standards, not the 2022 standards you chose. Change the standards in your profile.',
    );
  });

  it('reads everyone by the 2027 standards from 1 January 2027', () => {
    const standards = standardsInForce({
      choice: null,
      today: '2027-01-01',
      finishDate: null,
      reach: reach(1990, '2027-01-01'),
    });
    expect(standards.ruleSet.id).toBe('2027');
    expect(standards.reason).toBe('Applications from 1/1/2027 are judged by the 2027 standards.');
  });
});

const figures = healthyPart;

/** One month read by both sets, its form signed in time (or still open in the running month). */
function entry(
  month: string,
  totals: FormPartTotals,
  today: string,
  type: ExperienceTypeId = 1,
): SwitchMonthInput {
  const read = (id: '2022' | '2027') =>
    adjustMonthByForms({
      month,
      today,
      type,
      ruleSet: RULE_SETS[id],
      parts: [
        {
          key: 'r1',
          label: 'Dana Reyes',
          totals,
          signedOn: today > `${month}-31` ? `${month}-28` : null,
        },
      ],
      cumulative: { totalMinutes: 1000 * HOUR, unrestrictedMinutes: 700 * HOUR },
    });
  return {
    month,
    type,
    rawMinutes: totals.totalMinutes,
    under: { '2022': read('2022'), '2027': read('2027') },
  };
}

describe('compareStandards: the months the switch judges differently', () => {
  const today = '2026-12-15';

  it('names the rule that makes the difference and what each set counts (a 30-minute observation in October)', () => {
    const result = compareStandards(
      [
        entry('2026-09', figures(80), today),
        entry('2026-10', figures(85, { observationMinutes: 30 }), today),
      ],
      today,
    );
    expect(result.months).toEqual([
      {
        month: '2026-10',
        rawMinutes: 85 * HOUR,
        countedMinutes: { '2022': 85 * HOUR, '2027': 0 },
        differences: [
          { ruleSet: '2027', key: 'observation', text: 'observation 30 of 60 minutes' },
        ],
        mends: [],
        isRunning: false,
      },
    ]);
    expect(result.countedMinutes).toEqual({ '2022': 165 * HOUR, '2027': 80 * HOUR });
    expect(result.costMinutes).toBe(85 * HOUR);
    expect(switchMonthLine(result.months[0]!)).toBe(
      'October 2026: 85 h under the 2022 standards, 0 h under the 2027 standards (observation 30 of 60 minutes under the 2027 standards)',
    );
    expect(switchSummary(result)).toBe(
      'From 1/1/2027 the 2027 standards take 85 hours from your record, in 1 month: 165 count under the 2022 standards, 80 under the 2027 standards.',
    );
  });

  it('says what would mend the running month before it ends, under each set that fails it', () => {
    const result = compareStandards(
      [entry('2026-12', figures(30, { contacts: 2, observationMinutes: 30 }), today)],
      today,
    );
    const [december] = result.months;
    expect(december?.isRunning).toBe(true);
    expect(december?.differences).toEqual([
      { ruleSet: '2022', key: 'contacts', text: 'supervision contacts 2 of 4' },
      { ruleSet: '2027', key: 'observation', text: 'observation 30 of 60 minutes' },
    ]);
    expect(december?.mends).toEqual([
      { ruleSet: '2022', text: '2 more supervision contacts by 12/31/2026' },
      {
        ruleSet: '2027',
        text: '30 more observation minutes with your supervisor by 12/31/2026',
      },
    ]);
    expect(december?.countedMinutes).toEqual({ '2022': 15 * HOUR, '2027': 0 });
  });

  it('counts a 145-hour month in full under the 2027 maximum of 160 (a gain, not a cost)', () => {
    const result = compareStandards([entry('2026-08', figures(145), today)], today);
    expect(result.months[0]?.differences).toEqual([
      { ruleSet: '2022', key: 'total-max', text: '145 hours, above the 130-hour maximum' },
    ]);
    expect(result.costMinutes).toBe(-15 * HOUR);
    expect(switchSummary(result)).toBe(
      'From 1/1/2027 the 2027 standards count 15 more hours of your record, in 1 month: 130 count under the 2022 standards, 145 under the 2027 standards.',
    );
  });

  it('keeps a concentrated month at 8.3% supervision under the 2027 7.5% it fails under the 2022 10%', () => {
    const totals = figures(30, {
      supervisedMinutes: 150,
      individualMinutes: 150,
      contacts: 6,
      observationMinutes: 90,
    });
    const result = compareStandards([entry('2026-07', totals, today, 2)], today);
    expect(result.months[0]?.countedMinutes).toEqual({ '2022': 0, '2027': 30 * HOUR });
    expect(result.months[0]?.differences).toEqual([
      {
        ruleSet: '2022',
        key: 'supervision-percent',
        text: 'supervision 8.3% of hours, 10% required',
      },
    ]);
  });

  it('lists no month both sets count the same, and says nothing changes', () => {
    const result = compareStandards(
      [entry('2026-09', figures(80), today), entry('2026-10', figures(12), today)],
      today,
    );
    expect(result.months).toEqual([]);
    expect(result.costMinutes).toBe(0);
    expect(switchSummary(result)).toBeNull();
  });

  it('says how many supervised hours mend a concentrated running month short of 10%', () => {
    const totals = figures(40, {
      supervisedMinutes: 210,
      individualMinutes: 210,
      contacts: 6,
      observationMinutes: 90,
    });
    const result = compareStandards([entry('2026-12', totals, today, 2)], today);
    expect(result.months[0]?.countedMinutes).toEqual({ '2022': 0, '2027': 40 * HOUR });
    // 3.5 of 40 h is 8.75%: (210 + x) / (2400 + x) ≥ 10% needs x ≥ 33.3 minutes, shown as 0.75 h.
    expect(result.months[0]?.mends).toEqual([
      { ruleSet: '2022', text: '0.75 more hours of supervision by 12/31/2026' },
    ]);
  });
});
