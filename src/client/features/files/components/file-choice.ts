import {
  ACCEPTED_TYPES,
  FILE_MAX_BYTES,
  FILE_TOO_LARGE_MESSAGE,
  INVALID_FILE_FORMAT_MESSAGE,
  type FilePurpose,
} from '../../../../shared/files/file-content';
import { ONE_FILE_MESSAGE } from '../../../../shared/files/record-file.schema';

/** What the browser knows of a chosen file (a File has all three). */
export type ChosenFile = { name: string; size: number; type: string };

/** The extensions each purpose accepts (SPEC §5: a dropped picture may be png, jpeg, jpg or svg). */
const EXTENSIONS: Record<FilePurpose, readonly string[]> = {
  record: ['pdf', 'png', 'jpg', 'jpeg'],
  picture: ['png', 'jpg', 'jpeg', 'svg'],
};

/** The `accept` of each purpose's file picker. */
export const PICKER_ACCEPT: Record<FilePurpose, string> = {
  record: 'application/pdf,image/png,image/jpeg,.pdf,.png,.jpg,.jpeg',
  picture: 'image/png,image/jpeg,image/svg+xml,.png,.jpg,.jpeg,.svg',
};

/**
 * The browser's first look at a chosen file: its size and its declared kind, so an obvious
 * mistake is said at once. The server reads the bytes and decides; a script named `.pdf` passes
 * here and is refused there.
 */
export function checkChosenFile(file: ChosenFile, purpose: FilePurpose): string | null {
  if (file.size > FILE_MAX_BYTES) return FILE_TOO_LARGE_MESSAGE;
  const extension = /\.([A-Za-z0-9]+)$/.exec(file.name)?.[1]?.toLowerCase() ?? '';
  const isAcceptedType = ACCEPTED_TYPES[purpose].some((type) => type.mime === file.type);
  if (!isAcceptedType && !EXTENSIONS[purpose].includes(extension)) {
    return INVALID_FILE_FORMAT_MESSAGE;
  }
  return null;
}

/** One file from a drop or a picker, or why not (SPEC §2: one file only). */
export function pickOneFile<F extends ChosenFile>(
  files: readonly F[],
  purpose: FilePurpose,
): { file: F } | { message: string } {
  const [file, ...others] = files;
  if (!file) return { message: INVALID_FILE_FORMAT_MESSAGE };
  if (others.length > 0) return { message: ONE_FILE_MESSAGE };
  const message = checkChosenFile(file, purpose);
  return message ? { message } : { file };
}

/** A size for people: '820 B', '14 KB', '1.5 MB'. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
