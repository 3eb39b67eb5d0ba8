import { ApiError } from '../../../lib/api-client';

/** Why a fill was refused, when the page can help: no blank form, or profile details missing. */
export type FillProblem = { kind: 'template' | 'profile'; message: string };

/**
 * The problem the forms page shows beside the rows (null: a toast says it), told by the
 * refusal's code (src/shared/errors.ts), never by its wording; the message is the server's.
 */
export function fillProblem(error: unknown): FillProblem | null {
  if (!(error instanceof ApiError)) return null;
  if (error.code === 'FORM_TEMPLATE_MISSING') return { kind: 'template', message: error.message };
  if (error.code === 'FORM_PROFILE_INCOMPLETE') return { kind: 'profile', message: error.message };
  return null;
}
