import { needsFirstClass } from '../contracts/start-of-fieldwork';
import { PATHWAY_INVALID } from './profile-update.schema';

/*
 * The trainee's eligibility pathway and first class (issue 39 part 4). BCBA Handbook (updated
 * 01/2026), "Eligibility Pathways" names them; "Starting Fieldwork": "if applying under pathway 1
 * or 2, started qualifying graduate-level behavior-analytic coursework. (They may begin accruing
 * hours after attending the first class meeting. …)". The rule that reads them is
 * shared/contracts/start-of-fieldwork.ts (`needsFirstClass`, `startCause`).
 */

/** The Handbook's names, "Overview of Eligibility Pathways". */
export const PATHWAYS = [
  {
    id: 1,
    name: 'Degree From APBA-Accredited Program or ABAI-Accredited or Recognized Program (ABAI Tier 1, 2a, or 2b)',
  },
  { id: 2, name: 'Behavior-Analytic Coursework' },
  { id: 3, name: 'Faculty Teaching and Research' },
  { id: 4, name: 'Postdoctoral Experience' },
] as const;

export const PATHWAY_MESSAGES = {
  invalid: PATHWAY_INVALID,
  firstClassRequired: 'Enter the date of the first class meeting (pathways 1 and 2)',
  firstClassFuture: 'The first class meeting cannot be in the future',
  /** Shown beside the date: why it is asked ("Starting Fieldwork"). */
  firstClassExplained:
    'Hours dated before the first class meeting of your first behavior-analytic course do not count: trainees "may begin accruing hours after attending the first class meeting" (Handbook, "Starting Fieldwork").',
} as const;

/** "Pathway 2: Behavior-Analytic Coursework". */
export function pathwayLabel(id: number): string {
  const pathway = PATHWAYS.find((item) => item.id === id);
  return pathway ? `Pathway ${pathway.id}: ${pathway.name}` : `Pathway ${id}`;
}

export type StartFields = { pathway: number | null; firstClassOn: string | null };

/**
 * What a trainee's pathway and first class must be, as stored (after a partial update): the date
 * is asked only under pathways 1 and 2 (kept null otherwise), given then, and not after `today`
 * (the trainee's own day, decision 029). Returns the first field at fault and why, or null.
 */
export function startFieldsProblem(
  fields: StartFields,
  today: string,
): { field: 'first_class_on'; message: string } | null {
  if (!needsFirstClass(fields.pathway)) return null;
  if (fields.firstClassOn === null)
    return { field: 'first_class_on', message: PATHWAY_MESSAGES.firstClassRequired };
  if (fields.firstClassOn > today)
    return { field: 'first_class_on', message: PATHWAY_MESSAGES.firstClassFuture };
  return null;
}
