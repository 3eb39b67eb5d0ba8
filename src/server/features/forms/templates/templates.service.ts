import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../../../shared/errors';
import {
  checkFileContent,
  CONTENT_HEAD_BYTES,
  PDF_TYPE,
} from '../../../../shared/files/file-content';
import {
  FVF_FORM_ABBREVIATIONS,
  FVF_TEMPLATE_MESSAGES,
  type FvfFormName,
  type FvfStructureName,
  type FvfTemplate,
} from '../../../../shared/forms/fvf-template.schema';
import type { RuleSetId } from '../../../../shared/logs/rule-sets';
import {
  PDF_REFUSAL_MESSAGES,
  plainPdfCopy,
  type PdfCopy,
} from '../../../adapters/pdf/check-pdf-load';
import type { StoragePort } from '../../../adapters/storage/storage.port';
import type { Db } from '../../../db/client';
import type { Actor } from '../../../plugins/auth';
import {
  FVF_VARIANTS,
  type FvfVariant,
  FORM_MESSAGES,
  FormTemplateError,
  loadFvfEngine,
} from '../fvf';
import { readFolderTemplate, readFormsFolder } from './forms-folder';
import * as repo from './templates.repository';

// Which blank forms serve whom (issue 26; decision 012): the operator's FORMS_DIR serves everyone;
// a user's own upload serves only that user's forms (and so the supervisors who sign them).

export type TemplatesContext = {
  db: Db;
  storage: StoragePort;
  formsDir: string;
  log: FastifyBaseLogger;
};

export type InstalledTemplate = {
  variant: FvfVariant;
  source: FvfTemplate['source'];
  installedAt: Date;
  /** Its SHA-256 (hex): a filled form says which blank it came from. */
  sha256: string;
  load: () => Promise<Uint8Array>;
};

/** All of an object's bytes (the stored PDFs are small: 20 MB at most). */
export async function readObject(storage: StoragePort, key: string): Promise<Uint8Array> {
  const bytes = await readObjectIfPresent(storage, key);
  if (!bytes) throw new Error(`stored object missing: ${key}`);
  return bytes;
}

export async function readObjectIfPresent(
  storage: StoragePort,
  key: string,
): Promise<Uint8Array | null> {
  const stream = await storage.get(key);
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

const variantOrder = (variant: FvfVariant) => FVF_VARIANTS.indexOf(variant);

/** The operator's folder wins for a variant it has. */
export async function installedTemplates(
  ctx: TemplatesContext,
  ownerId: number,
): Promise<InstalledTemplate[]> {
  const [folder, uploaded] = await Promise.all([
    readFormsFolder(ctx.formsDir, ctx.log),
    repo.listUploadedBy(ctx.db, ownerId),
  ]);
  const result: InstalledTemplate[] = folder.map((template) => ({
    variant: template.variant,
    source: 'folder',
    installedAt: template.modifiedAt,
    sha256: template.sha256,
    load: () => readFolderTemplate(template),
  }));
  for (const row of uploaded) {
    const variant = FVF_VARIANTS.find((candidate) => candidate.id === row.variantId);
    if (!variant || result.some((template) => template.variant === variant)) continue;
    result.push({
      variant,
      source: 'upload',
      installedAt: row.createdAt,
      sha256: row.sha256,
      load: () => loadUploadedTemplate(ctx, row, ownerId),
    });
  }
  return result.sort((a, b) => variantOrder(a.variant) - variantOrder(b.variant));
}

export function toFvfTemplate(template: InstalledTemplate): FvfTemplate {
  return {
    variant: template.variant.id,
    form: template.variant.form,
    edition: template.variant.edition,
    structure: template.variant.structure,
    label: template.variant.label,
    source: template.source,
    installed_at: template.installedAt.toISOString(),
    sha256: template.sha256,
  };
}

function templateRefusal(refused: PdfCopy & { ok: false }): string {
  const { reason } = refused;
  if (reason === 'too-large') return FORM_MESSAGES.tooLarge;
  if (reason === 'unreadable') return FORM_MESSAGES.notPdf;
  if (reason === 'active-content' && refused.found)
    return FORM_MESSAGES.activeContent(refused.found);
  return PDF_REFUSAL_MESSAGES[reason];
}

/** Where an uploaded blank form's cleaned copy is kept: a fresh key for every copy. */
const templateKey = (uploadedBy: number, variantId: string) =>
  `forms/templates/${uploadedBy}/${variantId}-${randomUUID()}.pdf`;

/**
 * What is kept, recognised and later filled is the upload check's cleaned copy (made in a bounded
 * child process: no script, no action, nothing the trailer does not reach), so the server never
 * parses the uploaded bytes; the upload's own SHA-256 names it. A variant the operator's folder
 * has is refused (the folder serves everyone); nothing is stored for a refusal.
 */
export async function installTemplate(
  ctx: TemplatesContext & { actor: Actor; bytes: Uint8Array; now: Date },
): Promise<FvfTemplate> {
  const content = await checkFileContent(ctx.bytes.subarray(0, CONTENT_HEAD_BYTES), 'record');
  if (!content.ok || content.type.mime !== PDF_TYPE.mime) {
    throw new FormTemplateError(FORM_MESSAGES.notPdf);
  }
  const cleaned = await plainPdfCopy(ctx.bytes, 'template');
  if (!cleaned.ok) throw new FormTemplateError(templateRefusal(cleaned));
  const { recogniseFvfTemplate } = await loadFvfEngine();
  const variant = await recogniseFvfTemplate(cleaned.pdf).catch((error: unknown) => {
    if (error instanceof AppError) throw error;
    // A PDF malformed in a way pdf-lib trips over is still the uploader's file, not our fault.
    ctx.log.warn({ err: error }, 'an uploaded template could not be read');
    throw new FormTemplateError(FORM_MESSAGES.notPdf);
  });
  const folder = await readFormsFolder(ctx.formsDir, ctx.log);
  if (folder.some((template) => template.variant === variant)) {
    throw new AppError('CONFLICT', FVF_TEMPLATE_MESSAGES.inFolder(variant.label));
  }
  const key = templateKey(ctx.actor.id, variant.id);
  await ctx.storage.put(key, Readable.from([cleaned.pdf]), { contentType: 'application/pdf' });
  const sha256 = createHash('sha256').update(ctx.bytes).digest('hex');
  let replaced: string | null;
  try {
    replaced = await repo.upsertUploaded(ctx.db, {
      variantId: variant.id,
      storageKey: key,
      sizeBytes: cleaned.pdf.byteLength,
      sha256,
      uploadedBy: ctx.actor.id,
      now: ctx.now,
    });
  } catch (error) {
    await ctx.storage.delete(key).catch(() => undefined);
    throw error;
  }
  if (replaced) await ctx.storage.delete(replaced).catch(() => undefined);
  return toFvfTemplate({
    variant,
    source: 'upload',
    installedAt: ctx.now,
    sha256,
    load: async () => cleaned.pdf,
  });
}

/**
 * A row from before cleaned copies were kept (issue 36: it holds the uploaded bytes) is cleaned
 * now, once, and moved to the copy; one the check now refuses must be uploaded again.
 */
async function loadUploadedTemplate(
  ctx: TemplatesContext,
  row: repo.FvfTemplateRow,
  ownerId: number,
): Promise<Uint8Array> {
  const stored = await readObject(ctx.storage, row.storageKey);
  if (row.isCleaned) return stored;
  const cleaned = await plainPdfCopy(stored, 'template');
  if (!cleaned.ok) {
    throw new FormTemplateError(FORM_MESSAGES.uploadAgain(templateRefusal(cleaned)));
  }
  const key = templateKey(ownerId, row.variantId);
  await ctx.storage.put(key, Readable.from([cleaned.pdf]), { contentType: 'application/pdf' });
  let moved: boolean;
  try {
    moved = await repo.markCleaned(ctx.db, {
      id: row.id,
      from: row.storageKey,
      to: key,
      sizeBytes: cleaned.pdf.byteLength,
    });
  } catch (error) {
    await ctx.storage.delete(key).catch(() => undefined);
    throw error;
  }
  // Another request cleaned it first: its copy stays, this one goes.
  await ctx.storage.delete(moved ? row.storageKey : key).catch(() => undefined);
  return cleaned.pdf;
}

const STRUCTURE_LABELS: Record<FvfStructureName, string> = {
  individual: 'Individual',
  organization: 'Organization',
};

export async function templateFor(
  ctx: TemplatesContext,
  asked: { form: FvfFormName; edition: RuleSetId; structure: FvfStructureName; ownerId: number },
): Promise<InstalledTemplate> {
  const { form, edition, structure } = asked;
  const found = (await installedTemplates(ctx, asked.ownerId)).find(
    (template) =>
      template.variant.form === form &&
      template.variant.edition === edition &&
      template.variant.structure === structure,
  );
  if (found) return found;
  const which = `${edition} (${STRUCTURE_LABELS[structure]})`;
  throw new AppError(
    'FORM_TEMPLATE_MISSING',
    `No blank ${FVF_FORM_ABBREVIATIONS[form]} ${which} is installed. Upload the BACB's blank ` +
      'fillable form on the Fieldwork Forms page, or ask the operator to put it in the forms folder.',
  );
}
