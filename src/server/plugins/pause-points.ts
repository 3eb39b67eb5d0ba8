/**
 * Places between two steps of a multi-step change (inside its transaction) where the fault tests
 * hold a request, to kill the process there and show that nothing half-done is left
 * (tests/api/faults-crash.test.ts). Armed only through the test hooks (TEST_HOOKS=true).
 */
export const PAUSE_POINTS = ['approve-log:before-history', 'update-log:before-tasks'] as const;

export type PausePoint = (typeof PAUSE_POINTS)[number];

const armed = new Set<PausePoint>();
const reached = new Set<PausePoint>();

/**
 * Returns at once, unless a test armed `point`: then the request stops here for good, its
 * transaction open, until the process is killed.
 */
export async function pauseAt(point: PausePoint): Promise<void> {
  if (!armed.has(point)) return;
  reached.add(point);
  await new Promise<never>(() => undefined);
}

/** Arms `point` for every request that reaches it from now on. */
export function armPausePoint(point: PausePoint): void {
  armed.add(point);
}

/** The armed points some request has reached (and is held at). */
export function reachedPausePoints(): PausePoint[] {
  return [...reached];
}
