import { describe, expect, it } from 'vitest';
import { RULE_SETS } from '../logs/rule-sets';
import { organizationKey, subjectKey } from '../supervisors/form-subject';
import { adjustMonthRows, type FormPartRow, type MinuteTotals } from './month-pipeline';

const HOUR = 60;

const sums = (hours: number): MinuteTotals => ({
  experienceMinutes: hours * HOUR,
  independentMinutes: hours * 0.9 * HOUR,
  supervisedMinutes: hours * 0.1 * HOUR,
  individualMinutes: hours * 0.1 * HOUR,
  groupMinutes: 0,
  unrestrictedMinutes: hours * 0.7 * HOUR,
  restrictedMinutes: hours * 0.3 * HOUR,
  contacts: 4,
  observations: 1,
  observationMinutes: HOUR,
  logs: 10,
});

const part = (
  id: number,
  organization: string,
  hours: number,
  signedOn: string | null,
): FormPartRow => ({
  ...sums(hours),
  month: '2026-09',
  experienceTypeId: 1,
  traineeSupervisorId: id,
  supervisorName: `Supervisor ${id}`,
  organization,
  signedOn,
});

describe('the form subject (decision 024: one M-FVF per supervisor, or per organization)', () => {
  it('reads an organization the same whatever its case and spacing', () => {
    expect(organizationKey('  Acme   ABA ')).toBe('acme aba');
    expect(subjectKey({ id: 3, organization: 'Acme  aba' })).toBe('o:acme aba');
    expect(subjectKey({ id: 3, organization: '  ' })).toBe('r3');
  });
});

describe('adjustMonthRows (Handbook "Fieldwork Verification Forms": one M-FVF per supervision structure, signed by the end of the following month)', () => {
  const run = (parts: FormPartRow[], today: string) => {
    const total = parts.reduce((sum, row) => sum + row.experienceMinutes / HOUR, 0);
    const row = { ...sums(total), month: '2026-09', experienceTypeId: 1, approvedMinutes: 0 };
    return adjustMonthRows({ rows: [row], parts }, RULE_SETS['2022'], today)[0]!.adjusted;
  };

  it('adds an organization’s records into one form, signed on the earliest date', () => {
    const adjusted = run(
      [
        part(1, 'Acme ABA', 40, '2026-11-02'),
        part(2, 'acme  aba', 30, '2026-10-20'),
        part(3, '', 50, '2026-10-05'),
      ],
      '2026-12-15',
    );
    expect(
      adjusted.forms.map(({ key, label, state, minutes }) => [key, label, state, minutes]),
    ).toEqual([
      ['o:acme aba', 'Acme ABA', 'signed', 70 * HOUR],
      ['r3', 'Supervisor 3', 'signed', 50 * HOUR],
    ]);
    expect(adjusted.countedMinutes).toBe(120 * HOUR);
  });

  it('sets an unsigned form’s hours apart once its deadline (31 October) has passed', () => {
    const before = run([part(1, '', 40, null), part(2, '', 30, '2026-10-01')], '2026-10-31');
    expect(before.atRiskMinutes).toBe(0);
    const after = run([part(1, '', 40, null), part(2, '', 30, '2026-10-01')], '2026-11-01');
    expect(after.atRiskMinutes).toBe(40 * HOUR);
    expect(after.countedMinutes).toBe(30 * HOUR);
  });
});

describe('adjustMonthRows with hours dated before a contract (Handbook "Starting Fieldwork": no hours before a signed supervision contract)', () => {
  const start = {
    contracts: [{ structureKey: 'r1', startsOn: '2026-09-11', endedOn: null }],
    contractRuleOn: true,
    pathway: null,
    firstClassOn: null,
  };
  const run = (parts: FormPartRow[]) => {
    const total = parts.reduce((sum, row) => sum + row.experienceMinutes / HOUR, 0);
    const row = { ...sums(total), month: '2026-09', experienceTypeId: 1, approvedMinutes: 0 };
    return adjustMonthRows({ rows: [row], parts, start }, RULE_SETS['2022'], '2026-10-05')[0]!
      .adjusted;
  };

  it('sets the hours before the contract apart first, then judges the rest on its own figures', () => {
    const adjusted = run([
      part(1, '', 30, '2026-10-02'),
      { ...part(1, '', 10, '2026-10-02'), startCause: 'before-contract' },
    ]);
    expect(adjusted.rawMinutes).toBe(40 * HOUR);
    expect(adjusted.countedMinutes).toBe(30 * HOUR);
    expect(adjusted.lostMinutes).toBe(10 * HOUR);
    expect(adjusted.removals).toEqual([
      {
        rule: 'before-contract',
        minutes: 10 * HOUR,
        reason:
          '10 hours dated before the supervision contract with Supervisor 1 was signed by everyone (9/11/2026) do not count (no hours before a signed supervision contract, Handbook, "Starting Fieldwork")',
      },
    ]);
    expect(adjusted.forms[0]!.totals.totalMinutes).toBe(30 * HOUR);
  });

  it('what is left below the monthly minimum counts nothing, as any month under 20 hours', () => {
    const adjusted = run([
      part(1, '', 15, '2026-10-02'),
      { ...part(1, '', 10, '2026-10-02'), startCause: 'before-contract' },
    ]);
    expect(adjusted.countedMinutes).toBe(0);
    expect(adjusted.removals.map((removal) => [removal.rule, removal.minutes])).toEqual([
      ['before-contract', 10 * HOUR],
      ['below-minimum', 15 * HOUR],
    ]);
  });

  it('hours waiting for a contract are held, not lost, and a month of only those fails no check', () => {
    const adjusted = run([{ ...part(2, '', 14, null), startCause: 'no-contract' }]);
    expect(adjusted.countedMinutes).toBe(0);
    expect(adjusted.atRiskMinutes).toBe(14 * HOUR);
    expect(adjusted.lostMinutes).toBe(0);
    expect(adjusted.removals).toEqual([]);
    expect(adjusted.forms[0]!.outside).toEqual([
      {
        cause: 'no-contract',
        minutes: 14 * HOUR,
        reason:
          'no signed supervision contract with Supervisor 2 on record: 14 hours wait for it (no hours before a signed supervision contract, Handbook, "Starting Fieldwork")',
      },
    ]);
  });
});
