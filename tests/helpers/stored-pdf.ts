import { plainPdfCopy } from '../../src/server/adapters/pdf/check-pdf-load';

/**
 * The copy the app keeps of an uploaded record PDF: the upload check's, written from what it
 * read, never the uploaded bytes (issue 36). The check writes the same copy of the same bytes.
 */
export async function storedCopyOf(pdf: Uint8Array): Promise<Buffer> {
  const copy = await plainPdfCopy(pdf, 'record');
  if (!copy.ok) throw new Error(`the upload check refuses this PDF: ${copy.reason}`);
  return copy.pdf;
}
