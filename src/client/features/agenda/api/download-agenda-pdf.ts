import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { attachmentFileName, saveBlob } from '../../../lib/save-file';

/**
 * GET /api/v1/monthy-log/{id}/pdf/: the agenda as an A4 PDF drawn on the server from its data
 * (text selectable, fonts embedded), saved under the server's timestamped name.
 */
export async function downloadAgendaPdf(id: number): Promise<void> {
  const response = await apiFetch(`/api/v1/monthy-log/${id}/pdf/`);
  const fileName = attachmentFileName(
    response.headers.get('content-disposition'),
    'supervision-contact-agenda.pdf',
  );
  saveBlob(await response.blob(), fileName);
}

export function useDownloadAgendaPdf() {
  return useMutation({ mutationFn: downloadAgendaPdf });
}
