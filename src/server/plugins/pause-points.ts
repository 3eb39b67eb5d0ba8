/** Where the fault tests hold a request mid-transaction and kill the process (TEST_HOOKS only). */
export const PAUSE_POINTS = ['approve-log:before-history', 'update-log:before-tasks'] as const;

export type PausePoint = (typeof PAUSE_POINTS)[number];

const armed = new Set<PausePoint>();
const reached = new Set<PausePoint>();

/** An armed point holds the request forever, its transaction open, until the process is killed. */
export async function pauseAt(point: PausePoint): Promise<void> {
  if (!armed.has(point)) return;
  reached.add(point);
  await new Promise<never>(() => undefined);
}

export function armPausePoint(point: PausePoint): void {
  armed.add(point);
}

export function reachedPausePoints(): PausePoint[] {
  return [...reached];
}
