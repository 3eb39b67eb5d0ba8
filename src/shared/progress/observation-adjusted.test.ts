import { describe, expect, it } from 'vitest';
import { buildMonthTotals, checkMonth, type MonthLogRow } from '../logs/monthly-checks';
import { RULE_SETS, type RuleSetId } from '../logs/rule-sets';
import { adjustMonth } from './adjusted-hours';

/** One supervised hour on the 10th with an observation of `observationMinutes`. */
function createObservedLog(observationMinutes: number | null, type: 1 | 2): MonthLogRow {
  return {
    dateOfExperience: '2026-03-10',
    experienceTypeId: type,
    experienceMinutes: 100 * 60,
    supervisedMinutes: 10 * 60,
    unrestrictedMinutes: 70 * 60,
    individualOrGroup: 'Individual',
    clientObservation: observationMinutes === null ? 'No' : 'Yes',
    observationMinutes,
    supervisionContactId: 1,
  };
}

describe('observation minutes in the monthly checks and adjusted hours', () => {
  const month = (observationMinutes: number | null, ruleSet: RuleSetId, type: 1 | 2) => {
    const totals = buildMonthTotals([createObservedLog(observationMinutes, type)], {
      month: '2026-03',
      experienceTypeId: type,
    });
    // Contacts are enough for 2022 as well, so only the observation decides.
    const full = { ...totals, contacts: 6 };
    const check = checkMonth(full, type, RULE_SETS[ruleSet]).find(
      (item) => item.key === 'observation',
    );
    return { check, adjusted: adjustMonth(full, type, RULE_SETS[ruleSet]) };
  };

  it.each<[number, RuleSetId, 1 | 2, 'pass' | 'fail', number]>([
    [59, '2027', 1, 'fail', 0],
    [60, '2027', 1, 'pass', 6000],
    [89, '2027', 2, 'fail', 0],
    [90, '2027', 2, 'pass', 6000],
    // The 2022 standards count observations, whatever their length.
    [1, '2022', 1, 'pass', 6000],
    [15, '2022', 2, 'pass', 6000],
  ])(
    'an observation of %i minutes under the %s standards, type %i: %s, %i minutes count',
    (minutes, ruleSet, type, status, counted) => {
      const { check, adjusted } = month(minutes, ruleSet, type);
      expect(check?.status).toBe(status);
      expect(check?.actual).toBe(ruleSet === '2027' ? minutes : 1);
      expect(adjusted.countedMinutes).toBe(counted);
    },
  );

  it('counts the observation, not the supervision around it', () => {
    // Ten supervised hours, of which 45 minutes were observed: the 2027 month fails.
    const { check, adjusted } = month(45, '2027', 1);
    expect(check).toMatchObject({ required: 60, actual: 45, unit: 'minutes', status: 'fail' });
    expect(adjusted.removals.map((removal) => removal.rule)).toEqual(['no-observation']);
  });

  it('counts nothing in 2022 without any observation', () => {
    expect(month(null, '2022', 1).adjusted.countedMinutes).toBe(0);
  });
});
