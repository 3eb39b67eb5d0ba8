import * as pdfLib from 'pdf-lib';
import { makeInert, REBUILT_SAVE_OPTIONS } from './pdf-rebuild.mjs';

/**
 * No script, no action, no unreferenced object, whatever the BACB's blank held (issue 26,
 * decision 013); no object streams, so what it holds can be read in its bytes. Call it last: it
 * changes `doc`.
 */
export async function saveInert(doc: pdfLib.PDFDocument): Promise<Uint8Array> {
  makeInert(pdfLib, doc);
  return doc.save(REBUILT_SAVE_OPTIONS);
}
