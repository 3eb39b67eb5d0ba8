// Apart from start-of-fieldwork.ts so the wire schemas (read on every first screen) name the
// causes without the rule's code.

/** Why an hour does not count (yet): 'no-contract' waits for a contract; the others are lost. */
export const START_CAUSES = [
  'before-coursework',
  'before-contract',
  'after-contract',
  'no-contract',
] as const;
export type StartCause = (typeof START_CAUSES)[number];

/** Held apart, not lost: a contract may still be recorded (one signed on paper, with its date). */
export const isWaitingCause = (cause: StartCause): cause is 'no-contract' =>
  cause === 'no-contract';
