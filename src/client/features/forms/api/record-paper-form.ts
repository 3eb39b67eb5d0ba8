import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PaperFormSchema } from '../../../../shared/forms/paper-form.schema';
import { apiUpload } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** A paper form as sent: which form (month, supervisor record, type), its signing date and scan. */
export type PaperFormSubmission = {
  month: string;
  traineeSupervisor: number;
  experienceType: number;
  signedOn: string;
  document: File | null;
};

/** POST /api/v1/month-forms/paper/ (multipart, as record uploads are): trainee only. */
export function recordPaperForm(submission: PaperFormSubmission) {
  const body = new FormData();
  body.append('month', submission.month);
  body.append('trainee_supervisor', String(submission.traineeSupervisor));
  body.append('expereince_type', String(submission.experienceType));
  body.append('signed_on', submission.signedOn);
  if (submission.document) body.append('document', submission.document, submission.document.name);
  return apiUpload(PaperFormSchema, '/api/v1/month-forms/paper/', { body });
}

/** What counts changes with it: the forms, the files (its scan) and every progress figure. */
export function useRecordPaperForm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordPaperForm,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.forms.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.files.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.progress.all }),
      ]),
  });
}
