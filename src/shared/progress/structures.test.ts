import { describe, expect, it } from 'vitest';
import { RULE_SETS, type RuleSet } from '../logs/rule-sets';
import type { ExperienceTypeId } from '../reference/lookups';
import {
  adjustMonthByStructures,
  heldParts,
  type FormPartTotals,
  type MonthPart,
} from './form-hours';
import { healthyPart } from './form-part.fixture';

const HOUR = 60;
const LABELS: Record<string, string> = { r1: 'Dana Reyes', r2: 'Sam Ortiz', 'o:acme': 'Acme ABA' };

const part = (
  key: string,
  totals: FormPartTotals,
  type: ExperienceTypeId = 1,
  signedOn: string | null = '2026-10-05',
): MonthPart => ({ key, label: LABELS[key] ?? key, type, totals, signedOn });

const judge = (parts: MonthPart[], ruleSet: RuleSet = RULE_SETS['2022'], today = '2026-10-10') =>
  adjustMonthByStructures({
    month: '2026-09',
    today,
    ruleSet,
    parts,
    cumulative: { totalMinutes: 1000 * HOUR, unrestrictedMinutes: 700 * HOUR },
  });

const counted = (parts: MonthPart[], ruleSet?: RuleSet) => {
  const month = judge(parts, ruleSet);
  return month[1].countedMinutes + month[2].countedMinutes;
};

// The worked example: A 60 h, 3 h individual in 4 contacts, one observation; B 30 h,
// 0.5 h supervision in 1 contact, no observation.
const A = healthyPart(60, { supervisedMinutes: 3 * HOUR, individualMinutes: 3 * HOUR });
const B = healthyPart(30, {
  supervisedMinutes: 30,
  individualMinutes: 30,
  contacts: 1,
  observations: 0,
  observationMinutes: 0,
});

describe('each structure meets the month on its own (Handbook "Multiple Settings and/or Supervisors")', () => {
  it('the worked example counts A’s 60 h and none of B’s; the same two at one organization pool to 70 h', () => {
    expect(counted([part('r1', A), part('r2', B)])).toBe(60 * HOUR);
    const month = judge([part('r1', A), part('r2', B)])[1];
    expect(month.forms.map((form) => [form.label, form.countedMinutes])).toEqual([
      ['Dana Reyes', 60 * HOUR],
      ['Sam Ortiz', 0],
    ]);
    expect(month.removals).toEqual([
      {
        rule: 'no-observation',
        minutes: 30 * HOUR,
        reason: 'Sam Ortiz: no observation this month: 0 of 30 hours count',
      },
    ]);
    // "Multiple Supervisors at One Organization": one structure, 90 h at 3.9% supervision.
    const pooled = healthyPart(90, {
      supervisedMinutes: 3.5 * HOUR,
      individualMinutes: 3.5 * HOUR,
      contacts: 5,
    });
    expect(counted([part('o:acme', pooled)])).toBe(70 * HOUR);
  });

  it('names no structure when the month has one', () => {
    const month = judge([part('r2', B)])[1];
    expect(month.removals.map((removal) => removal.reason)).toEqual([
      'no observation this month: 0 of 30 hours count',
    ]);
  });

  // One structure fails each rule in turn; the other (40 h, healthy) always keeps its 40 h.
  it.each<[string, FormPartTotals, number, string]>([
    [
      'no observation',
      healthyPart(30, { observations: 0, observationMinutes: 0 }),
      0,
      'no-observation',
    ],
    ['19.75 hours, below the minimum', healthyPart(19.75), 0, 'below-minimum'],
    ['exactly 20 hours', healthyPart(20), 20 * HOUR, ''],
    [
      '131 hours, above the maximum (130 alone, then 90 beside the other’s 40)',
      healthyPart(131, { supervisedMinutes: 14 * HOUR, individualMinutes: 14 * HOUR }),
      90 * HOUR,
      'above-maximum',
    ],
    ['3 of 4 contacts', healthyPart(40, { contacts: 3 }), 30 * HOUR, 'too-few-contacts'],
    ['exactly 4 contacts', healthyPart(40, { contacts: 4 }), 40 * HOUR, ''],
    [
      'exactly 5% supervision',
      healthyPart(40, { supervisedMinutes: 2 * HOUR, individualMinutes: 2 * HOUR }),
      40 * HOUR,
      '',
    ],
    [
      '1 minute under 5% supervision',
      healthyPart(40, { supervisedMinutes: 119, individualMinutes: 119 }),
      2380,
      'supervision-percent',
    ],
    [
      'group above individual',
      healthyPart(40, {
        supervisedMinutes: 4 * HOUR,
        individualMinutes: HOUR,
        groupMinutes: 3 * HOUR,
      }),
      38 * HOUR,
      'group-exceeds-individual',
    ],
  ])(
    'the other structure fails %s: it keeps what it keeps, the first keeps 40 h',
    (_, failing, kept, rule) => {
      const month = judge([part('r1', healthyPart(40)), part('r2', failing)])[1];
      expect(month.forms.map((form) => form.countedMinutes)).toEqual([40 * HOUR, kept]);
      expect(month.forms[0]!.removals).toEqual([]);
      expect([...new Set(month.forms[1]!.removals.map((removal) => removal.rule))]).toEqual(
        rule ? [rule] : [],
      );
      expect(month.countedMinutes).toBe(40 * HOUR + kept);
    },
  );

  it('a form signed late costs its own structure only', () => {
    const month = judge(
      [part('r1', healthyPart(40)), part('r2', healthyPart(30), 1, '2026-11-01')],
      RULE_SETS['2022'],
      '2026-11-10',
    )[1];
    expect(month.countedMinutes).toBe(40 * HOUR);
    expect(month.lostMinutes).toBe(30 * HOUR);
  });

  it('a concentrated structure that misses one requirement counts nothing; the supervised one beside it keeps all', () => {
    const concentrated = healthyPart(30, {
      supervisedMinutes: 3 * HOUR,
      individualMinutes: 3 * HOUR,
      contacts: 5,
    });
    const month = judge([part('r1', healthyPart(40)), part('r2', concentrated, 2)]);
    expect([month[1].countedMinutes, month[2].countedMinutes]).toEqual([40 * HOUR, 0]);
    expect(month[2].removals[0]).toMatchObject({ rule: 'concentrated-failed', minutes: 30 * HOUR });
  });

  it('judges the 2027 contacts as information in each structure: 1 contact still counts', () => {
    const oneContact = healthyPart(40, { contacts: 1 });
    expect(counted([part('r1', healthyPart(40)), part('r2', oneContact)], RULE_SETS['2027'])).toBe(
      80 * HOUR,
    );
  });
});

describe('the calendar month’s maximum over what the structures keep (Handbook "Accrual of Fieldwork": "no more than 130 hours of fieldwork per calendar month")', () => {
  it('two healthy 80 h structures keep 130 h: 30 independent hours go from the one keeping most', () => {
    const month = judge([part('r1', healthyPart(80)), part('r2', healthyPart(70))])[1];
    expect(month.countedMinutes).toBe(130 * HOUR);
    expect(month.forms.map((form) => form.countedMinutes)).toEqual([60 * HOUR, 70 * HOUR]);
    expect(month.forms[0]!.removals).toEqual([
      {
        rule: 'above-maximum',
        minutes: 20 * HOUR,
        reason:
          "Dana Reyes: the month's 150 hours kept across 2 supervision structures are above the monthly maximum of 130: 20 independent hours removed",
      },
    ]);
    expect(month.forms[0]!.countedSupervisedMinutes).toBe(8 * HOUR);
  });

  it('exactly 130 h across two structures removes nothing; 2027 allows 160', () => {
    expect(counted([part('r1', healthyPart(70)), part('r2', healthyPart(60))])).toBe(130 * HOUR);
    expect(
      counted([part('r1', healthyPart(80)), part('r2', healthyPart(80))], RULE_SETS['2027']),
    ).toBe(160 * HOUR);
  });

  it('concentrated hours are not prorated: the supervised structure gives its independent hours first', () => {
    const concentrated = healthyPart(100, {
      supervisedMinutes: 10 * HOUR,
      individualMinutes: 10 * HOUR,
      contacts: 6,
    });
    const month = judge([part('r1', healthyPart(50)), part('r2', concentrated, 2)]);
    expect([month[1].countedMinutes, month[2].countedMinutes]).toEqual([30 * HOUR, 100 * HOUR]);
  });
});

describe('group supervision from the right supervisor (Handbook "Group Supervision")', () => {
  it('an individual supervisor’s group supervision without individual supervision from them is flagged with its cost', () => {
    const groupOnly = healthyPart(40, {
      supervisedMinutes: 2 * HOUR,
      individualMinutes: 0,
      groupMinutes: 2 * HOUR,
    });
    const month = judge([part('r1', healthyPart(40)), part('r2', groupOnly)])[1];
    expect(month.forms[1]!.removals.map((removal) => [removal.rule, removal.minutes])).toEqual([
      ['group-exceeds-individual', 2 * HOUR],
      ['supervision-percent', 38 * HOUR],
    ]);
    expect(month.forms[1]!.removals[0]!.reason).toBe(
      'Sam Ortiz: group supervision from Sam Ortiz (2 hours) without individual supervision from them (group supervision must come from the supervisor who gives individual supervision): 2 group hours removed',
    );
  });

  it('at an organization, one supervisor’s group beside another’s individual supervision is pooled', () => {
    const pooled = healthyPart(40, {
      supervisedMinutes: 4 * HOUR,
      individualMinutes: 2 * HOUR,
      groupMinutes: 2 * HOUR,
    });
    expect(counted([part('o:acme', pooled)])).toBe(40 * HOUR);
  });
});

describe('one fieldwork type per month per structure (Handbook "Number of Hours by Fieldwork Type")', () => {
  it('a structure that mixed types is held apart, with the reason; another structure’s other type counts', () => {
    const month = judge([
      part('r1', healthyPart(30)),
      part('r1', healthyPart(20, { contacts: 6 }), 2),
      part('r2', healthyPart(40, { contacts: 6 }), 2),
    ]);
    expect([month[1].countedMinutes, month[2].countedMinutes]).toEqual([0, 40 * HOUR]);
    expect([month[1].atRiskMinutes, month[2].atRiskMinutes]).toEqual([30 * HOUR, 20 * HOUR]);
    expect(heldParts('2026-09', month[1]).map((held) => held.reason)).toEqual([
      'September 2026 with Dana Reyes mixes supervised and concentrated fieldwork (one fieldwork type per month, per supervision structure): 30 hours not counted until the logs are corrected',
    ]);
  });
});
