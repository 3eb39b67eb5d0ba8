import type * as PdfLib from 'pdf-lib';

/** How a rebuilt document is written: no object streams, appearances as they are, no page added. */
export declare const REBUILT_SAVE_OPTIONS: {
  useObjectStreams: false;
  updateFieldAppearances: false;
  addDefaultPage: false;
};
/** Removes every object the trailer does not reach; `visit` sees each dictionary reached. */
export declare function keepReachable(
  pdfLib: typeof PdfLib,
  doc: PdfLib.PDFDocument,
  visit?: (dict: PdfLib.PDFDict) => void,
): void;
/** Strips every script and action, and every object the trailer does not reach, in place. */
export declare function makeInert(pdfLib: typeof PdfLib, doc: PdfLib.PDFDocument): void;
