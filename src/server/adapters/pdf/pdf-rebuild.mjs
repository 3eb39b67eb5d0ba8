/*
 * Rebuilding a loaded PDF from what its trailer reaches, shared by the upload check's child
 * (pdf-load-check.child.mjs: the copy of an upload that is kept) and the forms the product writes
 * (pdf-output.ts). Each function takes the pdf-lib module the document was loaded
 * with (the child's CommonJS copy, or the app's), so `instanceof` holds in both.
 */

/** How a rebuilt document is written: every object on its own (none hides in an object stream). */
export const REBUILT_SAVE_OPTIONS = {
  useObjectStreams: false,
  updateFieldAppearances: false,
  addDefaultPage: false,
};

/**
 * Walks everything the trailer reaches (its Root and Info), calling `visit` on each dictionary
 * (a stream's too) before reading its entries, and removes every other object from the document:
 * what a reader could only find by an offset, or padding nothing names, is not written again.
 */
export function keepReachable(pdfLib, doc, visit = () => undefined) {
  const { PDFArray, PDFDict, PDFRef, PDFStream } = pdfLib;
  const { context } = doc;
  const reached = new Set();
  const pending = [context.trailerInfo.Root, context.trailerInfo.Info].filter(Boolean);
  while (pending.length > 0) {
    const item = pending.pop();
    if (item instanceof PDFRef) {
      if (reached.has(item)) continue;
      reached.add(item);
      const target = context.lookup(item);
      if (target) pending.push(target);
      continue;
    }
    const dict = item instanceof PDFStream ? item.dict : item;
    if (dict instanceof PDFDict) {
      visit(dict);
      for (const [, value] of dict.entries()) pending.push(value);
    } else if (dict instanceof PDFArray) {
      // One at a time: an array of millions would overflow a spread's arguments.
      for (let index = 0; index < dict.size(); index += 1) pending.push(dict.get(index));
    }
  }
  for (const [ref] of context.enumerateIndirectObjects()) {
    if (!reached.has(ref)) context.delete(ref);
  }
}

/** Annotations that are only a way in for something else: files, media. */
const ANNOTATIONS_DROPPED = new Set([
  'FileAttachment',
  'RichMedia',
  'Screen',
  'Movie',
  'Sound',
  '3D',
]);

/**
 * Makes a loaded document inert (issue 26; decision 013): no JavaScript and no action at all,
 * whatever it held. The catalog loses its OpenAction, scripts, embedded files and XFA form and the
 * calculation order; every `/AA`, `/OpenAction`, `/JS`, `/JavaScript` and action-valued `/A` goes
 * on the way through what the trailer reaches, with annotations that carry a file or media and
 * links left with nowhere to go; every object not reached is removed. Write it with
 * REBUILT_SAVE_OPTIONS. The document is changed in place.
 */
export function makeInert(pdfLib, doc) {
  const { PDFArray, PDFDict, PDFName, PDFRef } = pdfLib;
  const name = (key) => PDFName.of(key);
  const { catalog } = doc;
  for (const key of ['OpenAction', 'AA', 'NeedsRendering', 'AF']) catalog.delete(name(key));
  const names = catalog.lookup(name('Names'));
  if (names instanceof PDFDict) {
    for (const key of ['JavaScript', 'EmbeddedFiles', 'AlternatePresentations']) {
      names.delete(name(key));
    }
  }
  const acroForm = catalog.lookup(name('AcroForm'));
  if (acroForm instanceof PDFDict) {
    acroForm.delete(name('XFA'));
    acroForm.delete(name('CO'));
  }
  const actionKeys = ['AA', 'OpenAction', 'JS', 'JavaScript'].map(name);
  // An /A that is an action (a structure element's /A is its attributes, and stays).
  const isAction = (value) => {
    const action = value instanceof PDFRef ? doc.context.lookup(value) : value;
    return (
      action instanceof PDFDict &&
      (action.has(name('S')) || action.lookup(name('Type')) === name('Action'))
    );
  };
  keepReachable(pdfLib, doc, (dict) => {
    for (const key of actionKeys) dict.delete(key);
    if (isAction(dict.get(name('A')))) dict.delete(name('A'));
    const annots = dict.lookup(name('Annots'));
    if (!(annots instanceof PDFArray)) return;
    for (let index = annots.size() - 1; index >= 0; index -= 1) {
      const annot = annots.lookup(index);
      const subtype = annot instanceof PDFDict ? annot.lookup(name('Subtype')) : undefined;
      const kind = subtype instanceof PDFName ? subtype.decodeText() : '';
      const isDeadLink = kind === 'Link' && !annot.has(name('Dest'));
      if (!(annot instanceof PDFDict) || ANNOTATIONS_DROPPED.has(kind) || isDeadLink) {
        annots.remove(index);
      }
    }
  });
}
