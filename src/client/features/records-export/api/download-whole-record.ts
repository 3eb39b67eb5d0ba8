import { useMutation } from '@tanstack/react-query';
import {
  WHOLE_RECORD_PATH,
  wholeRecordFileName,
} from '../../../../shared/records-export/whole-record';
import { apiFetch } from '../../../lib/api-client';
import { attachmentFileName, saveBlob } from '../../../lib/save-file';

/** GET /api/v1/whole-record/: the signed-in person's whole record, saved as the zip it names. */
export async function downloadWholeRecord(): Promise<string> {
  const response = await apiFetch(WHOLE_RECORD_PATH);
  const fileName = attachmentFileName(
    response.headers.get('content-disposition'),
    wholeRecordFileName(new Date()),
  );
  saveBlob(await response.blob(), fileName);
  return fileName;
}

export function useDownloadWholeRecord() {
  return useMutation({ mutationFn: downloadWholeRecord });
}
