/**
 * The trainee's supervisor records as a select offers them. Pages load them (the supervisors
 * feature) and hand them to the forms that need a supervisor: a log, an uploaded form.
 */
export type SupervisorChoices = {
  options: { value: string; label: string }[];
  isPending: boolean;
  /** Why the list could not be loaded, if it could not. */
  errorMessage: string | null;
};
