import * as pdfLib from 'pdf-lib';
import { makeInert, REBUILT_SAVE_OPTIONS } from './pdf-rebuild.mjs';

/*
 * Everything the product writes out (a form filled, signed or flattened) carries no JavaScript
 * and no action at all, whatever the blank form held (issue 26; decision 013): the BACB's field
 * scripts, calculation order, OpenAction and stray links go, and so does every object nothing
 * refers to any more (a flattened form's old field dictionaries, with their scripts). The
 * document is rebuilt from what its trailer reaches (`makeInert`, which the upload check also
 * uses to clean a blank form at install), and written without object streams, so that what it
 * holds can be read in its bytes.
 */

/**
 * The bytes of a form the product writes out: no script, no action, no unreferenced object, no
 * object stream. Call it last: the document is changed in place.
 */
export async function saveInert(doc: pdfLib.PDFDocument): Promise<Uint8Array> {
  makeInert(pdfLib, doc);
  return doc.save(REBUILT_SAVE_OPTIONS);
}
