import { describe, expect, it } from 'vitest';
import {
  FIRST_DAY,
  LAST_DAY,
  recordStartIntervals,
  startCause,
  startIntervals,
  startReason,
  startWarning,
  type StartFacts,
} from './start-of-fieldwork';

const DANA = 'r1';
const facts = (overrides: Partial<StartFacts> = {}): StartFacts => ({
  contracts: [{ structureKey: DANA, startsOn: '2026-03-15', endedOn: null }],
  contractRuleOn: true,
  pathway: null,
  firstClassOn: null,
  ...overrides,
});

describe('Handbook "Starting Fieldwork": no hour before a signed supervision contract', () => {
  it.each([
    ['the day before the last signature', '2026-03-14', 'before-contract'],
    ['the day of the last signature', '2026-03-15', null],
    ['the day after the last signature', '2026-03-16', null],
  ] as const)('a log dated %s: %s', (_name, date, cause) => {
    expect(startCause(date, DANA, facts())).toBe(cause);
  });

  it.each([
    ['the day before the termination date', '2026-06-29', null],
    ['on the termination date', '2026-06-30', null],
    ['the day after the termination date', '2026-07-01', 'after-contract'],
  ] as const)('a log dated %s of a contract ended 30 June: %s', (_name, date, cause) => {
    const ended = facts({
      contracts: [{ structureKey: DANA, startsOn: '2026-03-15', endedOn: '2026-06-30' }],
    });
    expect(startCause(date, DANA, ended)).toBe(cause);
  });

  it('a new contract after an ended one counts from its own signature, the gap between does not', () => {
    const renewed = facts({
      contracts: [
        { structureKey: DANA, startsOn: '2026-03-15', endedOn: '2026-06-30' },
        { structureKey: DANA, startsOn: '2026-08-01', endedOn: null },
      ],
    });
    expect(startCause('2026-07-15', DANA, renewed)).toBe('after-contract');
    expect(startCause('2026-08-01', DANA, renewed)).toBeNull();
    expect(startIntervals(DANA, renewed)).toEqual([
      { from: FIRST_DAY, to: '2026-03-14', cause: 'before-contract' },
      { from: '2026-07-01', to: '2026-07-31', cause: 'after-contract' },
    ]);
  });

  it('a structure with no signed contract waits for one (a draft does not count), once the rule is on', () => {
    const drafted = facts({ contracts: [{ structureKey: DANA, startsOn: null, endedOn: null }] });
    expect(startCause('2026-05-01', DANA, drafted)).toBe('no-contract');
    expect(startCause('2026-05-01', 'r2', facts())).toBe('no-contract');
    expect(startIntervals('r2', facts())).toEqual([
      { from: FIRST_DAY, to: LAST_DAY, cause: 'no-contract' },
    ]);
  });

  it('decision 033: before any contract is on record (and unasked), every hour counts as before', () => {
    const none = facts({ contracts: [], contractRuleOn: false });
    expect(startCause('2020-01-01', DANA, none)).toBeNull();
    expect(startIntervals(DANA, none)).toEqual([]);
  });

  it("another structure's contract does not cover this one's hours", () => {
    expect(startCause('2026-05-01', 'o:acme aba', facts())).toBe('no-contract');
  });
});

describe('Handbook "Starting Fieldwork": pathways 1 and 2 count hours from the first class meeting', () => {
  it.each([
    [1, '2026-01-31', 'before-coursework'],
    [1, '2026-02-01', null],
    [2, '2026-01-31', 'before-coursework'],
    [3, '2026-01-31', null],
    [4, '2026-01-31', null],
    [null, '2026-01-31', null],
  ] as const)('pathway %s, a log dated %s (first class 1 February): %s', (pathway, date, cause) => {
    const first = facts({
      contracts: [{ structureKey: DANA, startsOn: '2025-01-01', endedOn: null }],
      pathway,
      firstClassOn: '2026-02-01',
    });
    expect(startCause(date, DANA, first)).toBe(cause);
  });

  it('the first class is read even before any contract is on record', () => {
    const first = facts({
      contracts: [],
      contractRuleOn: false,
      pathway: 2,
      firstClassOn: '2026-02-01',
    });
    expect(startCause('2026-01-31', DANA, first)).toBe('before-coursework');
    expect(startIntervals(DANA, first)).toEqual([
      { from: FIRST_DAY, to: '2026-01-31', cause: 'before-coursework' },
    ]);
  });
});

describe('startIntervals: the calendar cut where the rule changes its answer', () => {
  it('agrees with startCause on every day around each boundary', () => {
    const many = facts({
      contracts: [
        { structureKey: DANA, startsOn: '2026-03-15', endedOn: '2026-06-30' },
        { structureKey: DANA, startsOn: '2026-08-01', endedOn: null },
      ],
      pathway: 1,
      firstClassOn: '2026-01-10',
    });
    const intervals = startIntervals(DANA, many);
    const lookUp = (date: string) =>
      intervals.find((run) => run.from <= date && date <= run.to)?.cause ?? null;
    for (let day = 0; day < 260; day += 1) {
      const date = new Date(Date.UTC(2026, 0, 1 + day)).toISOString().slice(0, 10);
      expect(lookUp(date), date).toBe(startCause(date, DANA, many));
    }
  });

  it('gives every record of a structure the same runs', () => {
    const runs = recordStartIntervals(
      [
        { id: 7, structureKey: 'o:acme aba' },
        { id: 8, structureKey: 'o:acme aba' },
      ],
      facts({ contracts: [{ structureKey: 'o:acme aba', startsOn: '2026-03-15', endedOn: null }] }),
    );
    expect(runs).toEqual([
      { record: 7, from: FIRST_DAY, to: '2026-03-14', cause: 'before-contract' },
      { record: 8, from: FIRST_DAY, to: '2026-03-14', cause: 'before-contract' },
    ]);
  });
});

describe('the reasons, in the Handbook\'s words ("Starting Fieldwork")', () => {
  const dates = { startsOn: '2026-03-15', endedOn: '2026-06-30', firstClassOn: '2026-02-01' };
  it.each([
    [
      'before-contract',
      '14 hours dated before the supervision contract with Dana Reyes was signed by everyone (3/15/2026) do not count (no hours before a signed supervision contract, Handbook, "Starting Fieldwork")',
    ],
    [
      'after-contract',
      '14 hours dated after the supervision contract with Dana Reyes ended (6/30/2026) do not count until a new contract is signed (Handbook, "Starting Fieldwork")',
    ],
    [
      'no-contract',
      'no signed supervision contract with Dana Reyes on record: 14 hours wait for it (no hours before a signed supervision contract, Handbook, "Starting Fieldwork")',
    ],
    [
      'before-coursework',
      '14 hours dated before your first class meeting (2/1/2026) do not count ("They may begin accruing hours after attending the first class meeting", Handbook, "Starting Fieldwork")',
    ],
  ] as const)('%s', (cause, reason) => {
    expect(startReason(cause, 14 * 60, 'Dana Reyes', dates)).toBe(reason);
  });

  it('warns before saving an entry that would not count, and says nothing of one that would', () => {
    const dana = { key: DANA, label: 'Dana Reyes' };
    expect(startWarning('2026-03-14', dana, facts())).toBe(
      'This entry is dated before the supervision contract with Dana Reyes was signed by everyone (3/15/2026): it will not count (Handbook, "Starting Fieldwork").',
    );
    expect(startWarning('2026-03-15', dana, facts())).toBeNull();
  });
});
