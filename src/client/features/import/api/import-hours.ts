import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ImportPreviewSchema,
  ImportResultSchema,
  type ImportMapping,
} from '../../../../shared/import/import.schema';
import { apiUpload } from '../../../lib/api-client';
import { invalidateAfterLogChange } from '../../../lib/invalidate-logs';

/** The file, the columns chosen (a layout of the user's own), and the upload's progress. */
export type ImportSubmission = {
  file: File;
  mapping: ImportMapping | null;
  onProgress?: (fraction: number) => void;
};

function formData(fields: Record<string, string>, file: File): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  body.append('file', file, file.name);
  return body;
}

const mappingField = (mapping: ImportMapping | null): Record<string, string> =>
  mapping ? { mapping: JSON.stringify(mapping) } : {};

/** POST /api/v1/import/preview/: every row as it will be stored, or its errors. Stores nothing. */
export function previewImport({ file, mapping, onProgress }: ImportSubmission) {
  return apiUpload(ImportPreviewSchema, '/api/v1/import/preview/', {
    body: formData(mappingField(mapping), file),
    onProgress,
  });
}

/** POST /api/v1/import/: the same file again; every row is stored, or none. */
export function confirmImport({
  file,
  mapping,
  sha256,
  onProgress,
}: ImportSubmission & { sha256: string }) {
  return apiUpload(ImportResultSchema, '/api/v1/import/', {
    body: formData({ sha256, ...mappingField(mapping) }, file),
    onProgress,
  });
}

export function usePreviewImport() {
  return useMutation({ mutationFn: previewImport });
}

export function useConfirmImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmImport,
    onSuccess: () => invalidateAfterLogChange(queryClient),
  });
}
