import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { attachmentFileName, saveBlob } from '../../../lib/save-file';

/**
 * GET /api/v1/contracts/{id}/versions/{n}/document/: a version's signed PDF, or the file
 * uploaded for it, saved under the server's name.
 */
export async function downloadContractDocument({
  id,
  version,
}: {
  id: number;
  version: number;
}): Promise<void> {
  const response = await apiFetch(`/api/v1/contracts/${id}/versions/${version}/document/`);
  const fileName = attachmentFileName(
    response.headers.get('content-disposition'),
    `supervision-contract-v${version}.pdf`,
  );
  saveBlob(await response.blob(), fileName);
}

export function useDownloadContractDocument() {
  return useMutation({ mutationFn: downloadContractDocument });
}
