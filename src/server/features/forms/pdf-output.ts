import {
  PDFArray,
  PDFDict,
  PDFName,
  PDFRef,
  PDFStream,
  type PDFDocument,
  type PDFObject,
} from 'pdf-lib';

/*
 * Everything the product writes out (a form filled, signed or flattened) carries no JavaScript
 * and no action at all, whatever the blank form held (issue 26; decision 013): the BACB's field
 * scripts, calculation order, OpenAction and stray links go, and so does every object nothing
 * refers to any more (a flattened form's old field dictionaries, with their scripts). The
 * document is rebuilt from what its trailer reaches, and written without object streams, so
 * that what it holds can be read in its bytes.
 */

/** Keys that run or start something, wherever they stand. */
const ACTION_KEYS = ['AA', 'OpenAction', 'JS', 'JavaScript'].map((key) => PDFName.of(key));
const A = PDFName.of('A');
const S = PDFName.of('S');
const TYPE = PDFName.of('Type');
/** Annotations that are only a way in for something else: files, media, links with no page. */
const INERT_ANNOTATION_LESS = new Set([
  'FileAttachment',
  'RichMedia',
  'Screen',
  'Movie',
  'Sound',
  '3D',
]);

/** An /A entry that is an action (a structure element's /A is its attributes, and stays). */
function isAction(doc: PDFDocument, value: PDFObject | undefined): boolean {
  const action = value instanceof PDFRef ? doc.context.lookup(value) : value;
  return (
    action instanceof PDFDict && (action.has(S) || action.lookup(TYPE) === PDFName.of('Action'))
  );
}

/** Strips one dictionary of its actions and scripts. */
function stripActions(doc: PDFDocument, dict: PDFDict): void {
  for (const key of ACTION_KEYS) dict.delete(key);
  if (isAction(doc, dict.get(A))) dict.delete(A);
}

/** Drops annotations that carry a file or media, and links left with nowhere to go. */
function dropInertAnnotations(doc: PDFDocument, annots: PDFArray): void {
  for (let index = annots.size() - 1; index >= 0; index -= 1) {
    const annot = annots.lookup(index);
    if (!(annot instanceof PDFDict)) {
      annots.remove(index);
      continue;
    }
    const subtype = annot.lookup(PDFName.of('Subtype'));
    const name = subtype instanceof PDFName ? subtype.decodeText() : '';
    const isDeadLink = name === 'Link' && !annot.has(PDFName.of('Dest'));
    if (INERT_ANNOTATION_LESS.has(name) || isDeadLink) annots.remove(index);
  }
}

/** The catalog's entries that carry scripts, files or a second form. */
function stripCatalog(doc: PDFDocument): void {
  const { catalog } = doc;
  for (const key of ['OpenAction', 'AA', 'NeedsRendering', 'AF']) catalog.delete(PDFName.of(key));
  const names = catalog.lookup(PDFName.of('Names'));
  if (names instanceof PDFDict) {
    for (const key of ['JavaScript', 'EmbeddedFiles', 'AlternatePresentations']) {
      names.delete(PDFName.of(key));
    }
  }
  const acroForm = catalog.lookup(PDFName.of('AcroForm'));
  if (acroForm instanceof PDFDict) {
    acroForm.delete(PDFName.of('XFA'));
    acroForm.delete(PDFName.of('CO'));
  }
}

/**
 * Walks everything the trailer reaches, stripping actions on the way, and removes every other
 * object from the document.
 */
function keepReachable(doc: PDFDocument): void {
  const { context } = doc;
  const reached = new Set<PDFRef>();
  const pending: PDFObject[] = [context.trailerInfo.Root, context.trailerInfo.Info].filter(
    (item): item is PDFObject => item !== undefined,
  );
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
      stripActions(doc, dict);
      const annots = dict.lookup(PDFName.of('Annots'));
      if (annots instanceof PDFArray) dropInertAnnotations(doc, annots);
      for (const [, value] of dict.entries()) pending.push(value);
    } else if (dict instanceof PDFArray) {
      pending.push(...dict.asArray());
    }
  }
  for (const [ref] of context.enumerateIndirectObjects()) {
    if (!reached.has(ref)) context.delete(ref);
  }
}

/**
 * The bytes of a form the product writes out: no script, no action, no unreferenced object, no
 * object stream. Call it last: the document is changed in place.
 */
export async function saveInert(doc: PDFDocument): Promise<Uint8Array> {
  stripCatalog(doc);
  keepReachable(doc);
  return doc.save({ updateFieldAppearances: false, useObjectStreams: false });
}
