import { describe, expect, it } from 'vitest';
import { RULE_SETS } from '../logs/rule-sets';
import {
  adjustMonthByForms,
  atRiskReason,
  earliestSignature,
  formHoursState,
  type FormHoursState,
  type FormPart,
  type FormPartTotals,
} from './form-hours';
import { healthyPart } from './form-part.fixture';

const HOUR = 60;

const healthy = healthyPart;

const part = (key: string, totals: FormPartTotals, signedOn: string | null): FormPart => ({
  key,
  label: key === 'a' ? 'Supervisor A' : key === 'b' ? 'Supervisor B' : key,
  totals,
  signedOn,
});

const month = (parts: FormPart[], today = '2026-12-15', at = '2026-09') =>
  adjustMonthByForms({
    month: at,
    today,
    type: 1,
    ruleSet: RULE_SETS['2022'],
    parts,
    cumulative: { totalMinutes: 1000 * HOUR, unrestrictedMinutes: 700 * HOUR },
  });

describe('formHoursState at the deadline (September 2026: due 2026-10-31)', () => {
  it.each<[string, string | null, string, FormHoursState]>([
    ['signed on the deadline day: on time', '2026-10-31', '2026-12-01', 'signed'],
    ['signed the day after: late', '2026-11-01', '2026-12-01', 'signed-late'],
    ['signed within the month itself', '2026-09-30', '2026-12-01', 'signed'],
    ['unsigned, today before the deadline', null, '2026-10-30', 'open'],
    ['unsigned, today is the deadline', null, '2026-10-31', 'open'],
    ['unsigned, the day after the deadline', null, '2026-11-01', 'at-risk'],
    ['unsigned, long after', null, '2027-06-01', 'at-risk'],
    ['a paper form signed on the deadline, recorded later', '2026-10-31', '2027-01-10', 'signed'],
    ['a paper form signed after the deadline', '2026-11-02', '2027-01-10', 'signed-late'],
  ])('%s', (_, signedOn, today, state) => {
    expect(formHoursState('2026-09', signedOn, today)).toBe(state);
  });

  it.each<[string, string, FormHoursState]>([
    ['December: due 31 January', '2027-01-31', 'signed'],
    ['December: a day late', '2027-02-01', 'signed-late'],
    ['January 2028: due 29 February (leap year)', '2028-02-29', 'signed'],
    ['January 2028: 1 March is late', '2028-03-01', 'signed-late'],
  ])('%s', (label, signedOn, state) => {
    const at = label.startsWith('December') ? '2026-12' : '2028-01';
    expect(formHoursState(at, signedOn, '2028-06-01')).toBe(state);
  });
});

describe('earliestSignature', () => {
  it.each<[(string | null)[], string | null]>([
    [[], null],
    [[null, null], null],
    [['2026-11-02', null], '2026-11-02'],
    [['2026-11-02', '2026-10-20'], '2026-10-20'],
  ])('%j → %s', (dates, expected) => {
    expect(earliestSignature(dates)).toBe(expected);
  });
});

describe('adjustMonthByForms', () => {
  it('a late form costs the hours on that form only: 25 h on time + 10 h late = 25 h', () => {
    const result = month([
      part('a', healthy(25), '2026-10-20'),
      part('b', healthy(10), '2026-11-03'),
    ]);
    expect(result.rawMinutes).toBe(35 * HOUR);
    expect(result.countedMinutes).toBe(25 * HOUR);
    expect(result.lostMinutes).toBe(10 * HOUR);
    expect(result.atRiskMinutes).toBe(0);
    expect(result.removals).toEqual([
      {
        rule: 'form-signed-late',
        minutes: 600,
        reason: 'monthly verification form with Supervisor B signed late: 10 hours lost',
      },
    ]);
    expect(result.forms.map((form) => [form.key, form.state, form.minutes])).toEqual([
      ['a', 'signed', 1500],
      ['b', 'signed-late', 600],
    ]);
  });

  it('judges each structure on its own (Handbook "Multiple Settings and/or Supervisors"): A without an observation counts nothing, whatever B held', () => {
    const result = month([
      part('a', healthy(25, { observations: 0, observationMinutes: 0 }), '2026-10-20'),
      part('b', healthy(10), '2026-11-03'),
    ]);
    expect(result.countedMinutes).toBe(0);
    expect(result.removals.map((removal) => [removal.rule, removal.minutes])).toEqual([
      ['no-observation', 1500],
      ['form-signed-late', 600],
    ]);
  });

  it('judges supervision % structure by structure: B’s supervision does not lend A its 5%', () => {
    // A: 40 h with 1 h supervised (2.5%): alone it misses 5%.
    const result = month([
      part('a', healthy(40, { supervisedMinutes: HOUR, individualMinutes: HOUR }), '2026-10-01'),
      part(
        'b',
        healthy(10, { supervisedMinutes: 4 * HOUR, individualMinutes: 4 * HOUR }),
        '2026-11-01',
      ),
    ]);
    expect(result.lostMinutes).toBe(600);
    // 1 h supervised allows a 20 h month at 5%: 20 independent hours of A's 40 go.
    expect(result.countedMinutes).toBe(20 * HOUR);
    expect(result.removals[0]).toMatchObject({ rule: 'supervision-percent', minutes: 1200 });
  });

  it('judges contacts on what still counts', () => {
    const result = month([
      part('a', healthy(60, { contacts: 2 }), '2026-10-01'),
      part('b', healthy(10, { contacts: 2 }), '2026-11-01'),
    ]);
    // 2 of 4 contacts: half of A's 60 h.
    expect(result.countedMinutes).toBe(30 * HOUR);
  });

  it('an unsigned month past its deadline: 0 counted, all at risk, nothing lost', () => {
    const result = month([part('a', healthy(83), null)], '2026-11-28');
    expect(result).toMatchObject({
      rawMinutes: 83 * HOUR,
      countedMinutes: 0,
      atRiskMinutes: 83 * HOUR,
      lostMinutes: 0,
      removals: [],
    });
  });

  it('an unsigned month on its deadline day still counts', () => {
    const result = month([part('a', healthy(83), null)], '2026-10-31');
    expect(result).toMatchObject({ countedMinutes: 83 * HOUR, atRiskMinutes: 0 });
  });

  it('a paper form signed on the deadline restores the hours; after it, they are lost', () => {
    expect(month([part('a', healthy(83), '2026-10-31')], '2026-11-28')).toMatchObject({
      countedMinutes: 83 * HOUR,
      atRiskMinutes: 0,
      lostMinutes: 0,
    });
    expect(month([part('a', healthy(83), '2026-11-01')], '2026-11-28')).toMatchObject({
      countedMinutes: 0,
      atRiskMinutes: 0,
      lostMinutes: 83 * HOUR,
    });
  });

  it('mixes the three: signed, late, at risk; counted + removals + at risk = raw', () => {
    const result = month([
      part('a', healthy(25), '2026-10-20'),
      part('b', healthy(10), '2026-11-03'),
      part('o:acme', healthy(30), null),
    ]);
    expect(result.countedMinutes).toBe(25 * HOUR);
    expect(result.lostMinutes).toBe(10 * HOUR);
    expect(result.atRiskMinutes).toBe(30 * HOUR);
    const removed = result.removals.reduce((sum, removal) => sum + removal.minutes, 0);
    expect(result.countedMinutes + removed + result.atRiskMinutes).toBe(result.rawMinutes);
  });

  it('a month with no forms counts what the requirements allow (nothing to read)', () => {
    expect(month([])).toMatchObject({ rawMinutes: 0, countedMinutes: 0, removals: [] });
  });
});

describe('atRiskReason', () => {
  it('names the form, the deadline and the hours', () => {
    expect(atRiskReason({ label: 'Dana Reyes', minutes: 83 * HOUR }, '2026-09')).toBe(
      'no signed monthly form with Dana Reyes by 10/31/2026: 83 hours not counted until a signed form is recorded',
    );
  });
});
