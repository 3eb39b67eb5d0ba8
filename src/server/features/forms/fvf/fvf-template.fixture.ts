import {
  PDFBool,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFString,
  StandardFonts,
  type PDFFont,
  type PDFPage,
  type PDFRef,
  type PDFWidgetAnnotation,
} from 'pdf-lib';
import type { FinalFvfFigures } from '../../../../shared/forms/final-fvf';
import type { MonthlyFvfFigures } from '../../../../shared/forms/fvf-values';
import {
  fvfVariant,
  variantFields,
  type FvfField,
  type FvfVariant,
  type FvfVariantId,
} from './fvf-fields';
import type { FvfFillInput } from './fvf-template';

/*
 * Test templates: blank fillable PDFs built in code with the structure of the BACB's real forms,
 * read from the one table (fvf-fields.ts): every field's name, kind, flags, widgets and their
 * "on" values, the read-only calculated fields with their format and calculate scripts (and the
 * calculation order), the 2022 M-FVF's info buttons with their scripts, the title and the page
 * headings, an /OpenAction that is a plain /GoTo, the stray /GoToR link the BACB's layout
 * software leaves, and a /DR holding the fonts the fields' appearances name. The BACB's own PDFs are never committed (© BACB).
 */

export type TemplateOptions = {
  /** Signature boxes as /Sig fields (as on the published forms) or as text fields. */
  signatures?: 'sig' | 'text';
  /** The document title: the variant's (default), another, or none. */
  title?: string | null;
  /** Draw the variant's headings on the page (default true). */
  headings?: boolean;
  /** Field names to leave out; extra text fields to add. */
  omit?: readonly string[];
  extra?: readonly string[];
  /** Ask readers to draw the fields themselves (`/NeedAppearances`), ignoring their appearances. */
  needAppearances?: boolean;
};

const COLUMN_X = [40, 320] as const;
const ROW = 16;

/** Renames a box widget's "on" appearance state from pdf-lib's 'Yes'. */
function renameOnState(widget: PDFWidgetAnnotation, on: string) {
  const appearances = widget.dict.lookup(PDFName.of('AP'));
  if (!(appearances instanceof PDFDict)) return;
  for (const key of ['N', 'D']) {
    const states = appearances.lookup(PDFName.of(key));
    const yes = states instanceof PDFDict ? states.get(PDFName.of('Yes')) : undefined;
    if (!(states instanceof PDFDict) || !yes) continue;
    states.delete(PDFName.of('Yes'));
    states.set(PDFName.of(on), yes);
  }
}

/** Places fields down two columns of one page, each with its name printed beside it. */
function placer(page: PDFPage, font: PDFFont) {
  let index = 0;
  return (label: string, width = 120) => {
    const column = index < 44 ? 0 : 1;
    const row = index % 44;
    index += 1;
    const x = COLUMN_X[column];
    const y = 720 - row * ROW;
    page.drawText(label.slice(0, 38), { x, y: y + 3, size: 6, font });
    return { x: x + 150, y, width, height: 12, font };
  };
}

/** A JavaScript action dictionary. */
const script = (doc: PDFDocument, js: string) =>
  doc.context.obj({ S: 'JavaScript', JS: PDFString.of(js) });

function addField(
  doc: PDFDocument,
  page: PDFPage,
  place: ReturnType<typeof placer>,
  spec: FvfField,
  options: TemplateOptions,
  calculated: PDFRef[],
) {
  const form = doc.getForm();
  if (spec.kind === 'checkbox') {
    const box = form.createCheckBox(spec.name);
    const onValues = Object.values(spec.onValues ?? { yes: 'Yes' });
    for (const _on of onValues) box.addToPage(page, { ...place(spec.name, 10), width: 10 });
    box.acroField.getWidgets().forEach((widget, index) => {
      const on = onValues[index];
      if (on) renameOnState(widget, on);
      // A box draws its check in ZapfDingbats, as Acrobat's do (pdf-lib names no font).
      widget.setDefaultAppearance('0 g\n/ZaDb 0 Tf');
    });
    box.acroField.setDefaultAppearance('0 g\n/ZaDb 0 Tf');
    return;
  }
  if (spec.kind === 'choice') {
    const choice = form.createDropdown(spec.name);
    choice.addOptions([...(spec.options ?? [])]);
    if (spec.options?.[0]) choice.select(spec.options[0]);
    choice.addToPage(page, place(spec.name));
    return;
  }
  if (spec.kind === 'button') {
    const button = form.createButton(spec.name);
    button.addToPage('i', page, { ...place(spec.name, 12), width: 12 });
    for (const widget of button.acroField.getWidgets()) {
      widget.dict.set(PDFName.of('A'), script(doc, spec.scripts?.action ?? ''));
    }
    return;
  }
  const field = form.createTextField(spec.name);
  field.addToPage(page, place(spec.name));
  if (spec.kind === 'signature' && (options.signatures ?? 'sig') === 'sig') {
    // A published form's signature box: a /Sig field whose widget has no appearance yet.
    field.acroField.dict.set(PDFName.of('FT'), PDFName.of('Sig'));
    for (const widget of field.acroField.getWidgets()) widget.dict.delete(PDFName.of('AP'));
  }
  if (spec.readOnly) field.enableReadOnly();
  const { format, keystroke, calculate } = spec.scripts ?? {};
  const actions: Record<string, PDFDict> = {};
  if (format) actions.F = script(doc, format);
  if (keystroke) actions.K = script(doc, keystroke);
  if (calculate) {
    actions.C = script(doc, calculate);
    calculated.push(field.acroField.ref);
  }
  if (Object.keys(actions).length > 0) {
    field.acroField.dict.set(PDFName.of('AA'), doc.context.obj(actions));
  }
}

/** A blank template of a variant, with the structure of the BACB's real PDF. */
export async function buildFvfTemplate(
  variantId: FvfVariantId,
  options: TemplateOptions = {},
): Promise<Uint8Array> {
  const variant: FvfVariant = fvfVariant(variantId);
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const helvetica = await doc.embedFont(StandardFonts.Helvetica);
  const title = options.title === undefined ? variant.title : options.title;
  if (title !== null) doc.setTitle(title);
  if (options.headings ?? true) {
    variant.headings.forEach((heading, index) => {
      page.drawText(heading, { x: 40, y: 770 - index * 14, size: 11, font: helvetica });
    });
  }
  page.drawText(variant.edition === '2022' ? 'Version 08/2023' : 'Version 06/2026', {
    x: 480,
    y: 30,
    size: 7,
    font: helvetica,
  });
  const omit = new Set(options.omit ?? []);
  const specs = [...variantFields(variant), ...(variant.extras ?? [])]
    .concat((options.extra ?? []).map((name) => ({ name, kind: 'text' as const })))
    .filter((spec) => !omit.has(spec.name));
  const place = placer(page, helvetica);
  const calculated: PDFRef[] = [];
  for (const spec of specs) addField(doc, page, place, spec, options, calculated);
  const acroForm = doc.getForm().acroForm.dict;
  if (calculated.length > 0) acroForm.set(PDFName.of('CO'), doc.context.obj(calculated));
  // The fonts the fields' appearances name, as the real forms' /DR holds theirs.
  const dingbats = await doc.embedFont(StandardFonts.ZapfDingbats);
  acroForm.set(
    PDFName.of('DR'),
    doc.context.obj({ Font: { Helvetica: helvetica.ref, ZaDb: dingbats.ref } }),
  );
  if (options.needAppearances) acroForm.set(PDFName.of('NeedAppearances'), PDFBool.True);
  // What the BACB's layout software leaves: an OpenAction that opens the first page, and a link
  // to a file on its own disk.
  doc.catalog.set(
    PDFName.of('OpenAction'),
    doc.context.obj({ S: 'GoTo', D: [page.ref, PDFName.of('Fit')] }),
  );
  const link = doc.context.obj({
    Type: 'Annot',
    Subtype: 'Link',
    Rect: [40, 20, 200, 32],
    Border: [0, 0, 0],
    A: { S: 'GoToR', F: PDFString.of('BACB-forms/Handbook.indd'), D: [0, PDFName.of('Fit')] },
  });
  page.node.addAnnot(doc.context.register(link));
  return doc.save({ updateFieldAppearances: false });
}

/** A month of 20 hours (18.5 independent, 1.5 supervised, 75 observation minutes) to fill in. */
export function createFillInput(figures: Partial<MonthlyFvfFigures> = {}): FvfFillInput {
  return {
    figures: {
      month: '2026-03',
      traineeSupervisorId: 4,
      experienceTypeId: 1,
      independentMinutes: 1110,
      supervisedMinutes: 90,
      totalMinutes: 1200,
      observationMinutes: 75,
      ...figures,
    },
    trainee: {
      name: 'Zoë Łukasz',
      bacbId: '1-23-45678',
      fieldworkState: 'Oregon',
      fieldworkCountry: 'United States',
    },
    supervisor: { name: 'Ana Núñez', bacbId: '1-11-11111', qualification: 'BCBA' },
    supervisors: [{ name: 'Ana Núñez', bacbId: '1-11-11111' }],
    isProrated: false,
  };
}

/**
 * A supervision period, January to June 2026, whose hours count in 5 months: 166 h 40 min
 * independent, 20 h 50 min supervised, 4 h 5 min of observation, all supervised fieldwork.
 */
export function createFinalFillInput(figures: Partial<FinalFvfFigures> = {}): FvfFillInput {
  const supervised: FinalFvfFigures = {
    fromMonth: '2026-01',
    toMonth: '2026-06',
    months: 5,
    traineeSupervisorId: 4,
    experienceTypeId: 1,
    independentMinutes: 10_000,
    supervisedMinutes: 1_250,
    totalMinutes: 11_250,
    observationMinutes: 245,
    ...figures,
  };
  return { ...createFillInput(), figures: { period: supervised, columns: [supervised] } };
}
