import { fileTypeFromBuffer } from 'file-type';

/** What a file is for; each purpose accepts its own kinds of content. */
export type FilePurpose = 'record' | 'picture';

/** The largest file either purpose accepts (SPEC §5 "Profile image"; record files the same). */
export const FILE_MAX_BYTES = 20 * 1024 * 1024;
export const FILE_TOO_LARGE_MESSAGE = 'File size cannot be more than 20MB';
export const INVALID_FILE_FORMAT_MESSAGE = 'Invalid File Format';
/**
 * SVG can carry script, and the product has no safe way to rasterise or sanitise it yet
 * (docs/decisions/011-files.md), so a picture must be PNG or JPEG.
 */
export const SVG_REFUSED_MESSAGE =
  'Invalid File Format: SVG pictures are not accepted. Please use a PNG or JPEG image.';

/** The kinds each purpose accepts, by content: a signed form (PDF or a photo of it), a picture. */
export const ACCEPTED_TYPES: Record<FilePurpose, readonly AcceptedType[]> = {
  record: [
    { mime: 'application/pdf', ext: 'pdf' },
    { mime: 'image/png', ext: 'png' },
    { mime: 'image/jpeg', ext: 'jpg' },
  ],
  picture: [
    { mime: 'image/png', ext: 'png' },
    { mime: 'image/jpeg', ext: 'jpg' },
  ],
};
export type AcceptedType = { mime: string; ext: string };

/** How many leading bytes `checkFileContent` needs (file-type's own detection window). */
export const CONTENT_HEAD_BYTES = 4100;

export type ContentCheck = { ok: true; type: AcceptedType } | { ok: false; message: string };

/**
 * What a file is, from its first bytes (magic numbers), never from its name or declared type;
 * refused unless `purpose` accepts it. `head` is the file's first `CONTENT_HEAD_BYTES` (or all of
 * a shorter file).
 */
export async function checkFileContent(
  head: Uint8Array,
  purpose: FilePurpose,
): Promise<ContentCheck> {
  const detected = await fileTypeFromBuffer(head);
  const accepted = ACCEPTED_TYPES[purpose].find((type) => type.mime === detected?.mime);
  if (accepted) return { ok: true, type: accepted };
  if (purpose === 'picture' && looksLikeSvg(head)) {
    return { ok: false, message: SVG_REFUSED_MESSAGE };
  }
  return { ok: false, message: INVALID_FILE_FORMAT_MESSAGE };
}

/** Markup whose root element is `<svg` (after an XML declaration, comments or a doctype). */
function looksLikeSvg(head: Uint8Array): boolean {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(head).replace(/^\uFEFF/, '');
  const rest = text.replace(/^(\s*(<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>]*>))*\s*/i, '');
  return /^<svg[\s>/]/i.test(rest);
}
