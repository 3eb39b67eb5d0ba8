import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../../shared/errors';
import { checkFileContent, CONTENT_HEAD_BYTES, PDF_TYPE } from '../../../shared/files/file-content';
import {
  FVF_FORM_ABBREVIATIONS,
  FVF_TEMPLATE_MESSAGES,
  type FvfFormName,
  type FvfStructureName,
  type FvfTemplate,
} from '../../../shared/forms/fvf-template.schema';
import type { RuleSetId } from '../../../shared/logs/rule-sets';
import {
  checkPdfLoad,
  PDF_REFUSAL_MESSAGES,
  UPLOADED_PDF_LIMITS,
} from '../../adapters/pdf/check-pdf-load';
import type { StoragePort } from '../../adapters/storage/storage.port';
import type { Db } from '../../db/client';
import type { Actor } from '../../plugins/auth';
import { FVF_VARIANTS, type FvfVariant } from './fvf-fields';
import { FORM_MESSAGES, FormTemplateError } from './forms.errors';
import { readFolderTemplate, readFormsFolder } from './forms-folder';
import { loadPdfCode } from './pdf-code';
import * as repo from './fvf-templates.repository';

/*
 * Which blank official forms (M-FVF and F-FVF) are installed, and installing one (issue 10;
 * decision 012): the operator's FORMS_DIR first, then what users uploaded (one per variant,
 * shared by everyone).
 */

export type TemplatesContext = {
  db: Db;
  storage: StoragePort;
  formsDir: string;
  log: FastifyBaseLogger;
};

/** A blank form the product can fill, wherever it lives. */
export type InstalledTemplate = {
  variant: FvfVariant;
  source: FvfTemplate['source'];
  installedAt: Date;
  load: () => Promise<Uint8Array>;
};

/** All of an object's bytes (the stored PDFs are small: 20 MB at most). */
export async function readObject(storage: StoragePort, key: string): Promise<Uint8Array> {
  const bytes = await readObjectIfPresent(storage, key);
  if (!bytes) throw new Error(`stored object missing: ${key}`);
  return bytes;
}

/** The object's bytes, or null when nothing is stored at `key` (any more). */
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

/** Every installed variant, in the order of the variant table; the folder wins over an upload. */
export async function installedTemplates(ctx: TemplatesContext): Promise<InstalledTemplate[]> {
  const [folder, uploaded] = await Promise.all([
    readFormsFolder(ctx.formsDir, ctx.log),
    repo.listUploaded(ctx.db),
  ]);
  const result: InstalledTemplate[] = folder.map((template) => ({
    variant: template.variant,
    source: 'folder',
    installedAt: template.modifiedAt,
    load: () => readFolderTemplate(template),
  }));
  for (const row of uploaded) {
    const variant = FVF_VARIANTS.find((candidate) => candidate.id === row.variantId);
    if (!variant || result.some((template) => template.variant === variant)) continue;
    result.push({
      variant,
      source: 'upload',
      installedAt: row.createdAt,
      load: () => readObject(ctx.storage, row.storageKey),
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
  };
}

/**
 * Installs an uploaded blank form for everyone. It must be a PDF (by its content) that one of
 * the variants recognises, and that variant must not be installed yet: the first upload of a
 * variant stays (an operator replaces it through FORMS_DIR). Nothing is stored for a refusal.
 */
export async function installTemplate(
  ctx: TemplatesContext & { actor: Actor; bytes: Uint8Array; now: Date },
): Promise<FvfTemplate> {
  const content = await checkFileContent(ctx.bytes.subarray(0, CONTENT_HEAD_BYTES), 'record');
  if (!content.ok || content.type.mime !== PDF_TYPE.mime) {
    throw new FormTemplateError(FORM_MESSAGES.notPdf);
  }
  // Its scripts pass here: filling drops the document-level ones and keeps the fields' formats.
  const loadable = await checkPdfLoad(ctx.bytes, { ...UPLOADED_PDF_LIMITS, allowScripts: true });
  if (!loadable.ok) {
    const { reason } = loadable;
    throw new FormTemplateError(
      reason === 'too-large'
        ? FORM_MESSAGES.tooLarge
        : reason === 'unreadable'
          ? FORM_MESSAGES.notPdf
          : PDF_REFUSAL_MESSAGES[reason],
    );
  }
  const { recogniseFvfTemplate } = await loadPdfCode();
  const variant = await recogniseFvfTemplate(ctx.bytes).catch((error: unknown) => {
    if (error instanceof AppError) throw error;
    // A PDF malformed in a way pdf-lib trips over is still the uploader's file, not our fault.
    ctx.log.warn({ err: error }, 'an uploaded template could not be read');
    throw new FormTemplateError(FORM_MESSAGES.notPdf);
  });
  const installed = await installedTemplates(ctx);
  if (installed.some((template) => template.variant === variant)) {
    throw new AppError('CONFLICT', FVF_TEMPLATE_MESSAGES.installed(variant.label));
  }
  const key = `forms/templates/${variant.id}-${randomUUID()}.pdf`;
  await ctx.storage.put(key, Readable.from([Buffer.from(ctx.bytes)]), {
    contentType: 'application/pdf',
  });
  let isInserted = false;
  try {
    isInserted = await repo.insertUploaded(ctx.db, {
      variantId: variant.id,
      storageKey: key,
      sizeBytes: ctx.bytes.byteLength,
      uploadedBy: ctx.actor.id,
      now: ctx.now,
    });
  } finally {
    if (!isInserted) await ctx.storage.delete(key).catch(() => undefined);
  }
  if (!isInserted) throw new AppError('CONFLICT', FVF_TEMPLATE_MESSAGES.installed(variant.label));
  return toFvfTemplate({
    variant,
    source: 'upload',
    installedAt: ctx.now,
    load: async () => ctx.bytes,
  });
}

const STRUCTURE_LABELS: Record<FvfStructureName, string> = {
  individual: 'Individual',
  organization: 'Organization',
};

/**
 * The template a form (M-FVF or F-FVF) of `edition` is filled from: the structure asked for, or
 * else the Individual form, or else the Organization form. None installed is a 409
 * FORM_TEMPLATE_MISSING that says what to do.
 */
export async function templateFor(
  ctx: TemplatesContext,
  asked: { form: FvfFormName; edition: RuleSetId; structure: FvfStructureName | undefined },
): Promise<InstalledTemplate> {
  const { form, edition, structure } = asked;
  const ofEdition = (await installedTemplates(ctx)).filter(
    (template) => template.variant.form === form && template.variant.edition === edition,
  );
  const wanted = structure ? [structure] : (['individual', 'organization'] as const);
  for (const candidate of wanted) {
    const found = ofEdition.find((template) => template.variant.structure === candidate);
    if (found) return found;
  }
  const which = structure ? `${edition} (${STRUCTURE_LABELS[structure]})` : edition;
  throw new AppError(
    'FORM_TEMPLATE_MISSING',
    `No blank ${FVF_FORM_ABBREVIATIONS[form]} ${which} is installed. Upload the BACB's blank ` +
      'fillable form on the Fieldwork Forms page, or ask the operator to put it in the forms folder.',
  );
}
