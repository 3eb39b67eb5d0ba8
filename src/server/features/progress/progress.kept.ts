import type { Dashboard, DashboardTable } from '../../../shared/progress/accrued.schema';
import type { MinuteTotals } from '../../../shared/progress/month-pipeline';
import type { ReachBeforeSwitch } from '../../../shared/logs/standards-in-force';
import type { StandardsSwitch } from '../../../shared/progress/standards-switch';

// Figures kept per trainee under the progress revision their rows were read at (migration 0017:
// triggers give the trainee a new random revision with every change), served only while the
// database answers the same revision in the statement that would read the rows: nothing to
// invalidate, right on any number of instances. A slot's `key` names what else it depends on
// (the standards, the day); the least recently used trainee goes past `max`.

/** The dashboards' figures, and the table's answer as sent once it was (the route's serialiser). */
export type DashboardFigures = { table: DashboardTable; dashboard: Dashboard; tableJson?: string };

export type RecordUnderBoth = { reach: ReachBeforeSwitch | null; comparison: StandardsSwitch };

/** What progress keeps of a trainee: the one cache of the feature. */
export type KeptSlots = {
  /** get-accrued's all-time sums (a sum of every month row). */
  totals: MinuteTotals;
  dashboards: DashboardFigures;
  underBoth: RecordUnderBoth;
};

type Slot<S, K extends keyof S> = { key: string; value: S[K] };

export type KeptByRevision<S> = {
  /** The value kept for the trainee in `slot` under `key`, with its revision (counts as a use). */
  get: <K extends keyof S>(
    traineeId: number,
    slot: K,
    key: string,
  ) => { revision: string; value: S[K] } | undefined;
  /** Joins the slots of the same revision, else replaces them; a null revision only forgets. */
  set: <K extends keyof S>(
    traineeId: number,
    revision: string | null,
    slot: K,
    key: string,
    value: S[K],
  ) => void;
  clear: () => void;
};

export function keptByRevision<S>(max = 2_000): KeptByRevision<S> {
  type Entry = { revision: string; slots: { [K in keyof S]?: Slot<S, K> } };
  const kept = new Map<number, Entry>();
  return {
    get(traineeId, slot, key) {
      const entry = kept.get(traineeId);
      const found = entry?.slots[slot];
      if (!entry || !found || found.key !== key) return undefined;
      kept.delete(traineeId);
      kept.set(traineeId, entry);
      return { revision: entry.revision, value: found.value };
    },
    set(traineeId, revision, slot, key, value) {
      const entry = kept.get(traineeId);
      kept.delete(traineeId);
      if (revision === null) return;
      const slots: Entry['slots'] = entry?.revision === revision ? entry.slots : {};
      slots[slot] = { key, value };
      kept.set(traineeId, { revision, slots });
      if (kept.size > max) kept.delete(kept.keys().next().value as number);
    },
    clear: () => kept.clear(),
  };
}

export const keptProgress = keptByRevision<KeptSlots>();
