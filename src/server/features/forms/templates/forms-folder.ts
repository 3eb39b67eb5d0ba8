import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { type FvfVariant, loadFvfEngine } from '../fvf';

// The operator's forms folder (FORMS_DIR, default DATA_DIR/forms), recognised like an upload
// (decision 012); read when asked, so a file added or replaced counts at once. `recognised` is
// only a cache, by path, size and mtime (every instance reads the folder itself).

export type FolderTemplate = {
  path: string;
  variant: FvfVariant;
  modifiedAt: Date;
  sha256: string;
};

type Seen = { size: number; mtimeMs: number; variant: FvfVariant | null; sha256: string };
const recognised = new Map<string, Seen>();

async function variantOf(path: string, size: number, mtimeMs: number, log: FastifyBaseLogger) {
  const seen = recognised.get(path);
  if (seen && seen.size === size && seen.mtimeMs === mtimeMs) return seen;
  let variant: FvfVariant | null = null;
  let sha256 = '';
  try {
    const bytes = await readFile(path);
    sha256 = createHash('sha256').update(bytes).digest('hex');
    const { recogniseFvfTemplate } = await loadFvfEngine();
    variant = await recogniseFvfTemplate(bytes);
  } catch (error) {
    log.warn({ err: error, path }, 'a PDF in FORMS_DIR is not a form we can fill; it is ignored');
  }
  const result = { size, mtimeMs, variant, sha256 };
  recognised.set(path, result);
  return result;
}

/** When two files are the same variant, the first file name wins. */
export async function readFormsFolder(
  dir: string,
  log: FastifyBaseLogger,
): Promise<FolderTemplate[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  const found: FolderTemplate[] = [];
  for (const name of names.filter((entry) => /\.pdf$/i.test(entry)).sort()) {
    const path = join(dir, name);
    const info = await stat(path).catch(() => null);
    if (!info?.isFile()) continue;
    const { variant, sha256 } = await variantOf(path, info.size, info.mtimeMs, log);
    if (variant && !found.some((template) => template.variant.id === variant.id)) {
      found.push({ path, variant, modifiedAt: info.mtime, sha256 });
    }
  }
  return found;
}

export function readFolderTemplate(template: FolderTemplate): Promise<Uint8Array> {
  return readFile(template.path);
}
