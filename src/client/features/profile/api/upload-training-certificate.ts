import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TrainingCertificateSchema } from '../../../../shared/supervisors/qualification.schema';
import { apiUpload } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/v1/training-certificate/ (multipart `document`): a PDF or an image of it. */
export function uploadTrainingCertificate(file: File) {
  const body = new FormData();
  body.append('document', file, file.name);
  return apiUpload(TrainingCertificateSchema, '/api/v1/training-certificate/', { body });
}

export function useUploadTrainingCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadTrainingCertificate,
    // The profile names the certificate.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.profile }),
  });
}
