import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFRef,
  PDFStream,
  type PDFObject,
} from 'pdf-lib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { z } from 'zod';
import { decodePdfName } from './pdf-load-check.child.mjs';

/*
 * For tests: a PDF as a real reader sees it (Mozilla's pdf.js, the reader inside Firefox: the
 * text each page shows, and the form fields it would offer), and what a written PDF holds that
 * could run or start something, read both in its bytes and in every object it has.
 */

/** The text of each page as pdf.js extracts it, one string per page (runs joined by spaces). */
export async function readerText(bytes: Uint8Array): Promise<string[]> {
  const task = getDocument({
    data: new Uint8Array(bytes),
    useSystemFonts: false,
    verbosity: 0,
  });
  const doc = await task.promise;
  try {
    const pages: string[] = [];
    for (let number = 1; number <= doc.numPages; number += 1) {
      const content = await (await doc.getPage(number)).getTextContent();
      const runs = content.items.map((item) => ('str' in item ? item.str : ''));
      pages.push(runs.join(' ').replace(/\s+/g, ' ').trim());
    }
    return pages;
  } finally {
    await task.destroy();
  }
}

/** The form fields pdf.js finds (none once a form is flattened), by name. */
export async function readerFields(bytes: Uint8Array): Promise<string[]> {
  const task = getDocument({ data: new Uint8Array(bytes), verbosity: 0 });
  const doc = await task.promise;
  try {
    // A Map since pdf.js 6 (a plain object before).
    const fields = (await doc.getFieldObjects()) ?? new Map();
    return [...fields.keys()];
  } finally {
    await task.destroy();
  }
}

const JsActionsSchema = z.map(z.string(), z.array(z.string()));

/**
 * The document-level scripts pdf.js would run (its OpenAction's and the /Names JavaScript tree's),
 * each as `name: script`; none is an empty list.
 */
export async function readerScripts(bytes: Uint8Array): Promise<string[]> {
  const task = getDocument({ data: new Uint8Array(bytes), verbosity: 0 });
  const doc = await task.promise;
  try {
    // A Map since pdf.js 6 (a plain object before).
    const actions = JsActionsSchema.parse((await doc.getJSActions()) ?? new Map());
    return [...actions].flatMap(([name, scripts]) => scripts.map((script) => `${name}: ${script}`));
  } finally {
    await task.destroy();
  }
}

/** Names that run or start something, or carry a second form or a file. */
const ACTIVE_KEYS = ['JS', 'JavaScript', 'AA', 'OpenAction', 'XFA', 'EmbeddedFiles', 'EF'];
const ACTION_TYPES = [
  'JavaScript',
  'Launch',
  'GoToR',
  'GoToE',
  'URI',
  'SubmitForm',
  'ImportData',
  'ResetForm',
  'GoTo',
  'Named',
  'RichMediaExecute',
];

/**
 * What a PDF holds that a written form must not, as a list of findings (empty: none): an action
 * key or action type in the bytes outside its streams (names decoded as the specification
 * says), an object stream (where such names could hide compressed), and, in every object
 * pdf-lib reads, referenced or not, an action key or an /A that is an action.
 */
export async function activeContentOf(bytes: Uint8Array): Promise<string[]> {
  const findings: string[] = [];
  const outsideStreams = Buffer.from(bytes)
    .toString('latin1')
    .replace(/stream\r?\n[\s\S]*?endstream/g, 'stream endstream');
  if (/\/Type\s*\/ObjStm/.test(outsideStreams)) findings.push('an object stream');
  for (const match of outsideStreams.matchAll(/\/([^\s/<>[\]()%]+)/g)) {
    const name = decodePdfName(match[1] ?? '');
    if (ACTIVE_KEYS.includes(name)) findings.push(`/${name} in the bytes`);
  }
  for (const match of outsideStreams.matchAll(/\/S\s*\/([^\s/<>[\]()%]+)/g)) {
    const name = decodePdfName(match[1] ?? '');
    if (ACTION_TYPES.includes(name)) findings.push(`an action /S /${name} in the bytes`);
  }
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  for (const [ref, object] of doc.context.enumerateIndirectObjects()) {
    const pending: PDFObject[] = [object];
    while (pending.length > 0) {
      const item = pending.pop();
      const dict = item instanceof PDFStream ? item.dict : item;
      if (dict instanceof PDFArray) pending.push(...dict.asArray());
      if (!(dict instanceof PDFDict)) continue;
      for (const [key, value] of dict.entries()) {
        const name = key.decodeText();
        if (ACTIVE_KEYS.includes(name)) findings.push(`/${name} in object ${ref.toString()}`);
        const target = value instanceof PDFRef ? doc.context.lookup(value) : value;
        if (name === 'A' && target instanceof PDFDict && target.has(PDFName.of('S'))) {
          findings.push(`an action in object ${ref.toString()}`);
        }
        if (!(value instanceof PDFRef)) pending.push(value);
      }
    }
  }
  return findings;
}
