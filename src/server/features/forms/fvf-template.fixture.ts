import {
  PDFDict,
  PDFDocument,
  PDFName,
  PDFString,
  StandardFonts,
  type PDFWidgetAnnotation,
} from 'pdf-lib';
import type { FinalFvfFigures } from '../../../shared/forms/final-fvf';
import type { MonthlyFvfFigures } from '../../../shared/forms/fvf-values';
import { fvfVariant, type FvfField, type FvfVariantId } from './fvf-fields';
import type { FvfFillInput } from './fvf-template';

/*
 * Test templates: blank fillable PDFs with the field names of a variant, built with pdf-lib.
 * The BACB's own PDFs are never committed (© BACB); these stand in for them in every test.
 */

export type TemplateOptions = {
  /** Signature boxes as /Sig fields (as on the published forms) or as text fields. */
  signatures?: 'sig' | 'text';
  /** The month as one 'TRAINEE_CERTIFICATE_MONTH/YEAR' field, or a month and a year field. */
  month?: 'combined' | 'split';
  /**
   * The concentrated box: its own field, a second widget of CHECK_SUPERVISED_FIELDWORK with
   * its own "on" name (`widgets`; `unnamed-widgets` keeps pdf-lib's 'Yes' on both), or none
   * (2022: the supervised box alone; 2027, the default: no boxes).
   */
  concentratedBox?: 'separate' | 'widgets' | 'unnamed-widgets' | 'none';
  /** Give PERCENT_HOURS_SUPERVISED Acrobat's AFPercent_Format script. */
  percentScript?: boolean;
  /** Field names to leave out; extra text fields to add. */
  omit?: readonly string[];
  extra?: readonly string[];
};

const ROW = 21;

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

/** A blank template of a variant, as the tests' stand-in for the BACB's PDF. */
export async function buildFvfTemplate(
  variantId: FvfVariantId,
  options: TemplateOptions = {},
): Promise<Uint8Array> {
  const variant = fvfVariant(variantId);
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const helvetica = await doc.embedFont(StandardFonts.Helvetica);
  const form = doc.getForm();
  const month = options.month ?? 'combined';
  const concentratedBox =
    options.concentratedBox ?? (variant.edition === '2022' ? 'separate' : 'none');
  const omit = new Set(options.omit ?? []);
  const specs: FvfField[] = Object.entries(variant.fields)
    .filter(([slot]) =>
      month === 'combined'
        ? slot !== 'certificateMonth' && slot !== 'certificateYear'
        : slot !== 'certificateMonthYear',
    )
    .filter(([slot]) => slot !== 'checkConcentrated' || concentratedBox === 'separate')
    // A 2027 template without a concentrated box has no fieldwork-type boxes at all.
    .filter(
      ([, spec]) => !(spec.kind === 'checkbox' && spec.optional && concentratedBox === 'none'),
    )
    .map(([, spec]) => spec)
    .concat((options.extra ?? []).map((name) => ({ name, kind: 'text' as const })))
    .filter((spec) => !omit.has(spec.name));

  let y = 760;
  const place = () => {
    y -= ROW;
    return { x: 300, y, width: 260, height: 16, font: helvetica };
  };
  for (const spec of specs) {
    page.drawText(spec.name, { x: 40, y: y - ROW + 4, size: 8, font: helvetica });
    if (spec.kind === 'checkbox') {
      const box = form.createCheckBox(spec.name);
      box.addToPage(page, { ...place(), width: 12, height: 12 });
      if (spec.name === 'CHECK_SUPERVISED_FIELDWORK' && concentratedBox.endsWith('widgets')) {
        box.addToPage(page, { ...place(), width: 12, height: 12 });
        if (concentratedBox === 'widgets') {
          const [supervised, concentrated] = box.acroField.getWidgets();
          if (supervised) renameOnState(supervised, 'Supervised Fieldwork');
          if (concentrated) renameOnState(concentrated, 'Concentrated Supervised Fieldwork');
        }
      }
      continue;
    }
    const field = form.createTextField(spec.name);
    field.addToPage(page, place());
    if (spec.kind === 'signature' && (options.signatures ?? 'sig') === 'sig') {
      // A published form's signature box: a /Sig field whose widget has no appearance yet.
      field.acroField.dict.set(PDFName.of('FT'), PDFName.of('Sig'));
      for (const widget of field.acroField.getWidgets()) widget.dict.delete(PDFName.of('AP'));
    }
    if (spec.name === 'PERCENT_HOURS_SUPERVISED' && options.percentScript) {
      field.acroField.dict.set(
        PDFName.of('AA'),
        doc.context.obj({
          F: { S: 'JavaScript', JS: PDFString.of('AFPercent_Format(1, 0);') },
        }),
      );
    }
  }
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
    supervisor: { name: 'Ana Núñez', bacbId: '1-11-11111' },
    organizationName: 'Acme Behavior Services',
  };
}

/**
 * A supervision period, January to June 2026, whose hours count in 5 months: 166 h 40 min
 * independent, 20 h 50 min supervised, 4 h 5 min of observation.
 */
export function createFinalFillInput(figures: Partial<FinalFvfFigures> = {}): FvfFillInput {
  return {
    ...createFillInput(),
    figures: {
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
    },
  };
}
