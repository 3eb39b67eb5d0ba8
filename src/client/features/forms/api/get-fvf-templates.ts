import { useQuery } from '@tanstack/react-query';
import { FvfTemplatesAnswerSchema } from '../../../../shared/forms/fvf-template.schema';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/v1/fvf-templates/: the blank official forms installed, for everyone. */
export async function getFvfTemplates(signal?: AbortSignal) {
  const answer = await apiRequest(FvfTemplatesAnswerSchema, '/api/v1/fvf-templates/', { signal });
  return answer.results;
}

export function useFvfTemplates() {
  return useQuery({
    queryKey: queryKeys.forms.templates,
    queryFn: ({ signal }) => getFvfTemplates(signal),
  });
}
