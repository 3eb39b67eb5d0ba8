import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FvfTemplateSchema } from '../../../../shared/forms/fvf-template.schema';
import { apiUpload } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * POST /api/v1/fvf-templates/ (multipart, one PDF): installs the BACB's blank fillable form; the
 * server recognises the variant by its fields and refuses an unknown one.
 */
export function installFvfTemplate(file: File) {
  const body = new FormData();
  body.append('file', file, file.name);
  return apiUpload(FvfTemplateSchema, '/api/v1/fvf-templates/', { body });
}

export function useInstallFvfTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: installFvfTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.forms.all }),
  });
}
