/**
 * Figures computed from a trainee's month rows (log_month_totals) and forms, kept per trainee
 * under the progress revision those rows were read at (migration 0017: triggers give the trainee
 * a new random revision in the transaction of every change to them). A kept value is served only
 * while the database answers the same revision, read in the statement that would otherwise read
 * the rows: nothing to invalidate, right on any number of instances, and a write is seen by the
 * next read. `key` names what else the value depends on (the rule set). Newest use last; the
 * oldest goes past `max` trainees.
 */
export type KeptByRevision<T> = {
  /** The value kept for the trainee under `key`, with its revision (counts as a use). */
  get: (traineeId: number, key: string) => { revision: string; value: T } | undefined;
  /** Keeps `value`, read at `revision` (a null revision keeps nothing and forgets the old). */
  set: (traineeId: number, revision: string | null, key: string, value: T) => void;
  clear: () => void;
};

export function keptByRevision<T>(max = 2_000): KeptByRevision<T> {
  const kept = new Map<number, { revision: string; key: string; value: T }>();
  return {
    get(traineeId, key) {
      const entry = kept.get(traineeId);
      if (!entry || entry.key !== key) return undefined;
      kept.delete(traineeId);
      kept.set(traineeId, entry);
      return entry;
    },
    set(traineeId, revision, key, value) {
      kept.delete(traineeId);
      if (revision === null) return;
      kept.set(traineeId, { revision, key, value });
      if (kept.size > max) kept.delete(kept.keys().next().value as number);
    },
    clear: () => kept.clear(),
  };
}
