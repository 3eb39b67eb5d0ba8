import { fileTypeFromBuffer } from 'file-type';

export type FilePurpose = 'record' | 'picture';

/** The largest file either purpose accepts (SPEC §5 "Profile image"; record files the same). */
export const FILE_MAX_BYTES = 20 * 1024 * 1024;
export const FILE_TOO_LARGE_MESSAGE = 'File size cannot be more than 20MB';
export const INVALID_FILE_FORMAT_MESSAGE = 'Invalid File Format';
export type AcceptedType = { mime: string; ext: string };
export const PNG_TYPE: AcceptedType = { mime: 'image/png', ext: 'png' };
/** A record file only; an uploaded one must be a plain PDF (files.upload.ts, decision 017). */
export const PDF_TYPE: AcceptedType = { mime: 'application/pdf', ext: 'pdf' };
// SVG can carry script: only a picture, drawn into a PNG on confirmation and kept only as the PNG
// (docs/decisions/011-files.md). Never a record file.
export const SVG_TYPE: AcceptedType = { mime: 'image/svg+xml', ext: 'svg' };

/** The kinds each purpose accepts, by content: a signed form (PDF or a photo of it), a picture. */
export const ACCEPTED_TYPES: Record<FilePurpose, readonly AcceptedType[]> = {
  record: [PDF_TYPE, PNG_TYPE, { mime: 'image/jpeg', ext: 'jpg' }],
  picture: [PNG_TYPE, { mime: 'image/jpeg', ext: 'jpg' }, SVG_TYPE],
};

/** How many leading bytes `checkFileContent` needs (file-type's own detection window). */
export const CONTENT_HEAD_BYTES = 4100;

export type ContentCheck = { ok: true; type: AcceptedType } | { ok: false; message: string };

/** What a file is, by its magic numbers, never its name or declared type; `head`: its first bytes. */
export async function checkFileContent(
  head: Uint8Array,
  purpose: FilePurpose,
): Promise<ContentCheck> {
  const detected = await fileTypeFromBuffer(head);
  // SVG has no magic number: markup whose root element is <svg> is one.
  const mime = looksLikeSvg(head) ? SVG_TYPE.mime : detected?.mime;
  const accepted = ACCEPTED_TYPES[purpose].find((type) => type.mime === mime);
  if (accepted) return { ok: true, type: accepted };
  return { ok: false, message: INVALID_FILE_FORMAT_MESSAGE };
}

/** Markup whose root is `<svg` (after BOM, XML declaration, comments, doctype); only a first look. */
function looksLikeSvg(head: Uint8Array): boolean {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(head).replace(/^\uFEFF/, '');
  // A doctype may carry an internal subset in brackets, '>' and all.
  const rest = text.replace(
    /^(\s*(<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>[]*(\[[\s\S]*?\])?\s*>))*\s*/i,
    '',
  );
  return /^<svg[\s>/]/i.test(rest);
}
