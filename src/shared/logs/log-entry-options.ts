// Apart from the schema: the form draws these on its first screen, the schema (and the task
// lists) loads when it first validates (issue 11).

/** SPEC §3 individual_or_group; 'No supervision' clears every supervision field. */
export const INDIVIDUAL_OR_GROUP = ['Individual', 'Group', 'No supervision'] as const;
export type IndividualOrGroup = (typeof INDIVIDUAL_OR_GROUP)[number];

/** SPEC §3 method_of_supervision. */
export const SUPERVISION_METHODS = ['In Person', 'Virtual'] as const;
export type SupervisionMethod = (typeof SUPERVISION_METHODS)[number];

/** SPEC §3 client_observation. */
export const CLIENT_OBSERVATION_ANSWERS = ['Yes', 'No'] as const;
/** Whether the supervisor observed the trainee with a client. */
export type ClientObservationAnswer = (typeof CLIENT_OBSERVATION_ANSWERS)[number];
