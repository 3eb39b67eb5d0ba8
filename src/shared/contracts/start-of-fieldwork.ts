import { addDays, formatHours, formatUsDate } from '../logs/time';

/*
 * When a fieldwork hour may count at all (issue 39; docs/decisions/033-start-of-fieldwork.md).
 * The BCBA Handbook (updated 01/2026), "Starting Fieldwork":
 *   "Trainees may not begin accumulating fieldwork hours until they have: secured a qualified
 *   supervisor …; developed and signed a supervision contract with each supervisor …; AND if
 *   applying under pathway 1 or 2, started qualifying graduate-level behavior-analytic coursework.
 *   (They may begin accruing hours after attending the first class meeting. …)"
 * and "Supervision Contract": "Before supervision may begin, the trainee and supervisor(s) must
 * develop and sign a written contract at the outset of the supervisory relationship."
 *
 * One rule, `startCause`, reads a log's date against the structure's contracts and the trainee's
 * first class; `startIntervals` cuts the calendar where that answer changes, by asking the rule
 * itself at every boundary, so the database (which sums the logs) only looks a date up.
 */

import type { StartCause } from './start-causes';

/** One contract as the rule reads it. */
export type ContractTerm = {
  /** The structure it covers (shared/supervisors/form-subject's `subjectKey`). */
  structureKey: string;
  /** The day the last party signed the original (or the date declared with an upload); null: unsigned. */
  startsOn: string | null;
  /** Its termination date: hours dated that day still count, none after. */
  endedOn: string | null;
};

export type StartFacts = {
  contracts: readonly ContractTerm[];
  /**
   * Whether contracts decide at all: once the trainee has recorded one (or asked for the rule).
   * Until then every hour counts as before and the trainee is asked to record them (decision 033).
   */
  contractRuleOn: boolean;
  /** Eligibility pathway 1–4, null when not recorded. */
  pathway: number | null;
  /** The first class meeting of the first behavior-analytic course. */
  firstClassOn: string | null;
};

/** Pathways 1 and 2 start with coursework ("Starting Fieldwork"). */
export const needsFirstClass = (pathway: number | null) => pathway === 1 || pathway === 2;

/** Why an hour dated `date` with structure `structureKey` does not count, or null when it does. */
export function startCause(
  date: string,
  structureKey: string,
  facts: StartFacts,
): StartCause | null {
  // "They may begin accruing hours after attending the first class meeting": the day of it counts.
  if (needsFirstClass(facts.pathway) && facts.firstClassOn !== null && date < facts.firstClassOn)
    return 'before-coursework';
  if (!facts.contractRuleOn) return null;
  const signed = facts.contracts.filter(
    (contract): contract is ContractTerm & { startsOn: string } =>
      contract.structureKey === structureKey && contract.startsOn !== null,
  );
  if (signed.length === 0) return 'no-contract';
  if (signed.some((c) => c.startsOn <= date && (c.endedOn === null || date <= c.endedOn)))
    return null;
  return signed.some((c) => c.startsOn <= date) ? 'after-contract' : 'before-contract';
}

export const FIRST_DAY = '0001-01-01';
export const LAST_DAY = '9999-12-31';

/** A run of days (inclusive) over which `startCause` gives one non-null answer. */
export type StartInterval = { from: string; to: string; cause: StartCause };

/** The days of a structure that do not count, cut where `startCause` changes, in date order. */
export function startIntervals(structureKey: string, facts: StartFacts): StartInterval[] {
  const bounds = new Set<string>([FIRST_DAY]);
  if (facts.firstClassOn !== null) bounds.add(facts.firstClassOn);
  for (const contract of facts.contracts) {
    if (contract.structureKey !== structureKey) continue;
    if (contract.startsOn !== null) bounds.add(contract.startsOn);
    if (contract.endedOn !== null && contract.endedOn < LAST_DAY)
      bounds.add(addDays(contract.endedOn, 1));
  }
  const starts = [...bounds].sort();
  const result: StartInterval[] = [];
  for (const [index, from] of starts.entries()) {
    const to = index + 1 < starts.length ? addDays(starts[index + 1]!, -1) : LAST_DAY;
    const cause = startCause(from, structureKey, facts);
    if (cause === null) continue;
    const last = result.at(-1);
    if (last && last.cause === cause && addDays(last.to, 1) === from) last.to = to;
    else result.push({ from, to, cause });
  }
  return result;
}

/** Every supervisor record's days that do not count, for the database's lookup (one row each run). */
export function recordStartIntervals(
  records: readonly { id: number; structureKey: string }[],
  facts: StartFacts,
): (StartInterval & { record: number })[] {
  const byStructure = new Map<string, StartInterval[]>();
  return records.flatMap((record) => {
    let intervals = byStructure.get(record.structureKey);
    if (!intervals) {
      intervals = startIntervals(record.structureKey, facts);
      byStructure.set(record.structureKey, intervals);
    }
    return intervals.map((interval) => ({ ...interval, record: record.id }));
  });
}

/** When a structure's hours start counting again, as the reasons say it. */
export type StartDates = {
  /** The earliest signed start of the structure's contracts. */
  startsOn: string | null;
  /** The latest end before the hours (for 'after-contract'). */
  endedOn: string | null;
  firstClassOn: string | null;
};

export function startDatesOf(structureKey: string, facts: StartFacts): StartDates {
  const own = facts.contracts.filter((c) => c.structureKey === structureKey);
  const starts = own.flatMap((c) => (c.startsOn ? [c.startsOn] : [])).sort();
  const ends = own.flatMap((c) => (c.endedOn ? [c.endedOn] : [])).sort();
  return {
    startsOn: starts[0] ?? null,
    endedOn: ends.at(-1) ?? null,
    firstClassOn: facts.firstClassOn,
  };
}

function hours(minutes: number): string {
  const figure = formatHours(minutes);
  return `${figure} ${figure === '1' ? 'hour' : 'hours'}`;
}

const DATE_OR_NONE = (date: string | null) => (date ? ` (${formatUsDate(date)})` : '');

/** Why hours do not count, in the Handbook's words, with its section ("Starting Fieldwork"). */
export function startReason(
  cause: StartCause,
  minutes: number,
  label: string,
  dates: StartDates,
): string {
  switch (cause) {
    case 'before-coursework':
      return `${hours(minutes)} dated before your first class meeting${DATE_OR_NONE(dates.firstClassOn)} do not count ("They may begin accruing hours after attending the first class meeting", Handbook, "Starting Fieldwork")`;
    case 'before-contract':
      return `${hours(minutes)} dated before the supervision contract with ${label} was signed by everyone${DATE_OR_NONE(dates.startsOn)} do not count (no hours before a signed supervision contract, Handbook, "Starting Fieldwork")`;
    case 'after-contract':
      return `${hours(minutes)} dated after the supervision contract with ${label} ended${DATE_OR_NONE(dates.endedOn)} do not count until a new contract is signed (Handbook, "Starting Fieldwork")`;
    case 'no-contract':
      return `no signed supervision contract with ${label} on record: ${hours(minutes)} wait for it (no hours before a signed supervision contract, Handbook, "Starting Fieldwork")`;
  }
}

/**
 * What the log form and the import say before saving an entry dated where it would not count
 * (the same rule, `startCause`), or null when it would count.
 */
export function startWarning(
  date: string,
  structure: { key: string; label: string },
  facts: StartFacts,
): string | null {
  const cause = startCause(date, structure.key, facts);
  if (cause === null) return null;
  const dates = startDatesOf(structure.key, facts);
  switch (cause) {
    case 'before-coursework':
      return `This entry is dated before your first class meeting${DATE_OR_NONE(dates.firstClassOn)}: it will not count (Handbook, "Starting Fieldwork").`;
    case 'before-contract':
      return `This entry is dated before the supervision contract with ${structure.label} was signed by everyone${DATE_OR_NONE(dates.startsOn)}: it will not count (Handbook, "Starting Fieldwork").`;
    case 'after-contract':
      return `This entry is dated after the supervision contract with ${structure.label} ended${DATE_OR_NONE(dates.endedOn)}: it will not count until a new contract is signed (Handbook, "Starting Fieldwork").`;
    case 'no-contract':
      return `There is no signed supervision contract with ${structure.label} on record: this entry will wait for one, and counts only if it is dated on or after the day everyone signed (Handbook, "Starting Fieldwork").`;
  }
}
