import { z } from 'zod';
import type { FormType } from '../../../../shared/files/record-file.schema';

/**
 * The navigation state that opens the dashboard's upload modal (SPEC §2: "Opens upload modals
 * when navigated with state type M-FVF or F-FVF").
 */
const UploadStateSchema = z.object({ type: z.enum(['M-FVF', 'F-FVF']) });
export type UploadState = z.infer<typeof UploadStateSchema>;

/** The kind of form a navigation state asks to upload, or null for any other state. */
export function requestedFormType(state: unknown): FormType | null {
  const parsed = UploadStateSchema.safeParse(state);
  if (!parsed.success) return null;
  return parsed.data.type === 'M-FVF' ? 'Monthly' : 'Final';
}

/** The state to navigate with to open the upload modal for `formType`. */
export function uploadState(formType: FormType): UploadState {
  return { type: formType === 'Monthly' ? 'M-FVF' : 'F-FVF' };
}
