import { ApiError } from '../../../lib/api-client';

/** Why a fill was refused, when the page can help: no blank form, or profile details missing. */
export type FillProblem = { kind: 'template' | 'profile'; message: string };

/** The problem the forms page shows beside the row (null: a toast says it). */
export function fillProblem(error: unknown): FillProblem | null {
  if (!(error instanceof ApiError)) return null;
  // The server's words are the contract here (fvf-templates.service templateFor; month-forms.service).
  if (error.status === 409 && error.message.startsWith('No blank M-FVF'))
    return { kind: 'template', message: error.message };
  if (error.status === 400 && error.message.includes('to your profile'))
    return { kind: 'profile', message: error.message };
  return null;
}
