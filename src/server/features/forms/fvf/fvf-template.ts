import {
  PDFCheckBox,
  PDFDropdown,
  PDFName,
  PDFOptionList,
  PDFTextField,
  type PDFDocument,
  type PDFForm,
} from 'pdf-lib';
import type { FinalFvfFigures } from '../../../../shared/forms/final-fvf';
import type { FvfFormName } from '../../../../shared/forms/fvf-template.schema';
import {
  formMonthValues,
  fvfHoursValues,
  type FvfFigures,
  type MonthlyFvfFigures,
} from '../../../../shared/forms/fvf-values';
import type { RuleSetId } from '../../../../shared/logs/rule-sets';
import {
  FORM_MARKS,
  FVF_VARIANTS,
  STRUCTURE_MARKS,
  type BoxMeaning,
  type FvfField,
  type FvfSlot,
  type FvfStructure,
  type FvfVariant,
  type HoursSlot,
} from './fvf-fields';
import { findField, loadFormPdf, nameFontInResources, tickBox, writeText } from './fvf-pdf-fields';
import { FORM_MESSAGES, FormTemplateError } from './fvf.errors';
import { embedDejaVu } from '../../../adapters/pdf/pdf-fonts';
import { saveInert } from '../../../adapters/pdf/pdf-output';
import { readDocumentText } from '../../../adapters/pdf/pdf-text';

// The BACB's own forms, recognised and filled from the logs (issue 26; decisions 012 and 013);
// the user or operator supplies the blank PDF, we never ship it.

export type FvfPerson = { name: string; bacbId: string };

/** Who the form is about, from the profiles (the BACB ID and fieldwork place are profile fields). */
export type FvfIdentity = {
  trainee: { name: string; bacbId: string; fieldworkState: string; fieldworkCountry: string };
  /** The responsible supervisor, who signs; `qualification` as their profile says it. */
  supervisor: FvfPerson & { qualification: string };
  /** Every supervisor the form lists (the F-FVF Organization form: up to four). */
  supervisors: readonly FvfPerson[];
};

export type FinalFillFigures = {
  period: { fromMonth: string; toMonth: string };
  /** Supervised fieldwork, concentrated, or both (a Mixed period). */
  columns: readonly FinalFvfFigures[];
};

export type FvfFillInput = FvfIdentity & {
  figures: MonthlyFvfFigures | FinalFillFigures;
  /** The trainee's rule set: a template of the other edition is refused. */
  edition?: RuleSetId;
  /** The month or period was partial: its hours are prorated (the form's prorated box). */
  isProrated: boolean;
};

export function formOfFigures(figures: FvfFillInput['figures']): FvfFormName {
  return 'month' in figures ? 'monthly' : 'final';
}

export type FilledFvf = { bytes: Uint8Array; variant: FvfVariant; values: Record<string, string> };

type TemplateWords = { title: string; text: string };

const requiredFields = (variant: FvfVariant): FvfField[] =>
  [
    ...Object.values(variant.fields),
    ...Object.values(variant.hours),
    ...Object.values(variant.concentratedHours ?? {}),
  ].filter((spec) => !spec.optional);

/** `FORM_MARKS`: an F-FVF is never taken for an M-FVF, nor the reverse. */
function differences(form: PDFForm, variant: FvfVariant) {
  const missing = requiredFields(variant)
    .filter((spec) => !findField(form, spec))
    .map((spec) => spec.name);
  const other = variant.form === 'monthly' ? 'final' : 'monthly';
  const unexpected = FORM_MARKS[other].filter((name) => form.getFieldMaybe(name) !== undefined);
  return { missing, unexpected, count: missing.length + unexpected.length };
}

function structureOfWords(words: TemplateWords): FvfStructure {
  if (STRUCTURE_MARKS.title.test(words.title)) return 'organization';
  if (words.title.trim() === '' && STRUCTURE_MARKS.text.test(words.text)) return 'organization';
  return 'individual';
}

/**
 * When names fit an Individual and an Organization form (the 2022 M-FVF's are the same), the
 * words decide; among several of one structure, the one asking for the most fields wins.
 */
export function recogniseFvfForm(form: PDFForm, words: TemplateWords): FvfVariant {
  if (form.getFields().length === 0) throw new FormTemplateError(FORM_MESSAGES.noFields);
  const candidates = FVF_VARIANTS.map((variant) => ({ variant, ...differences(form, variant) }));
  let fitting = candidates.filter((item) => item.count === 0).map((item) => item.variant);
  if (new Set(fitting.map((variant) => variant.structure)).size > 1) {
    const said = structureOfWords(words);
    fitting = fitting.filter((variant) => variant.structure === said);
  }
  fitting.sort((a, b) => requiredFields(b).length - requiredFields(a).length);
  const [best, next] = fitting;
  if (best && next && requiredFields(best).length === requiredFields(next).length) {
    throw new FormTemplateError(FORM_MESSAGES.ambiguous(fitting.map((variant) => variant.label)));
  }
  if (best) return best;
  const closest = [...candidates].sort((a, b) => a.count - b.count)[0];
  if (!closest) throw new FormTemplateError(FORM_MESSAGES.noFields); // the table is never empty
  throw new FormTemplateError(
    FORM_MESSAGES.unknown(closest.variant, closest.missing, closest.unexpected),
    closest.missing,
  );
}

export function recogniseFvfDocument(doc: PDFDocument): FvfVariant {
  const text = readDocumentText(doc, 1).flat().join(' ').replace(/\s+/g, ' ');
  return recogniseFvfForm(doc.getForm(), { title: doc.getTitle() ?? '', text });
}

export async function recogniseFvfTemplate(template: Uint8Array): Promise<FvfVariant> {
  return recogniseFvfDocument(await loadFormPdf(template));
}

/** A text field's value: what it shows, and for the percent the fraction it holds. */
type Written = { shown: string; fraction?: string };

function columnValues(
  figures: FvfFigures,
  edition: RuleSetId,
  months?: number,
): Partial<Record<HoursSlot, Written>> {
  const hours = fvfHoursValues(figures, edition);
  const monthsCount = months === undefined ? {} : { monthsCount: { shown: String(months) } };
  if (hours.edition === '2022') {
    const total = Number(hours.totalFieldwork);
    return {
      ...monthsCount,
      independentHours: { shown: hours.independentHours },
      supervisedHours: { shown: hours.supervisedHours },
      totalHours: { shown: hours.totalFieldwork },
      // The fraction of the figures as written, as the form's own calculation makes it.
      percentSupervised: {
        shown: hours.percentSupervised,
        fraction:
          total === 0 ? '0' : String(Number((Number(hours.supervisedHours) / total).toFixed(6))),
      },
    };
  }
  const fraction =
    figures.totalMinutes === 0 ? 0 : figures.supervisedMinutes / figures.totalMinutes;
  return {
    ...monthsCount,
    independentHours: { shown: hours.independent.hours },
    independentMinutes: { shown: hours.independent.minutes },
    supervisedHours: { shown: hours.supervised.hours },
    supervisedMinutes: { shown: hours.supervised.minutes },
    totalHours: { shown: hours.total.hours },
    totalMinutes: { shown: hours.total.minutes },
    observationHours: { shown: hours.observation.hours },
    observationMinutes: { shown: hours.observation.minutes },
    percentSupervised: {
      shown: hours.percentSupervised,
      fraction: String(Number(fraction.toFixed(6))),
    },
  };
}

/** 'YYYY-MM' as the forms that say MM/YYYY want it. */
const monthYear = (month: string) => formMonthValues(month).monthYear;

function slotValues(variant: FvfVariant, input: FvfFillInput): Partial<Record<FvfSlot, string>> {
  const values: Partial<Record<FvfSlot, string>> = {
    traineeName: input.trainee.name,
    traineeBacbId: input.trainee.bacbId,
    fieldworkState: input.trainee.fieldworkState,
    fieldworkCountry: input.trainee.fieldworkCountry,
    supervisorName: input.supervisor.name,
    supervisorBacbId: input.supervisor.bacbId,
  };
  if ('month' in input.figures) values.certificateMonthYear = monthYear(input.figures.month);
  else {
    values.periodStart = monthYear(input.figures.period.fromMonth);
    values.periodEnd = monthYear(input.figures.period.toMonth);
  }
  ([1, 2, 3, 4] as const).forEach((n, index) => {
    const person = input.supervisors[index];
    values[`supervisorName${n}`] = person?.name ?? '';
    values[`supervisorBacbId${n}`] = person?.bacbId ?? '';
  });
  return values;
}

function hoursByColumn(variant: FvfVariant, input: FvfFillInput) {
  const edition = variant.edition;
  if ('month' in input.figures)
    return [{ fields: variant.hours, values: columnValues(input.figures, edition) }];
  const { columns } = input.figures;
  const column = (type: 1 | 2) => columns.find((figures) => figures.experienceTypeId === type);
  return [
    { fields: variant.hours, figures: column(1) },
    { fields: variant.concentratedHours ?? {}, figures: column(2) },
  ].map(({ fields, figures }) => ({
    fields,
    // A column without hours stays blank, as the form asks.
    values: figures ? columnValues(figures, edition, figures.months) : {},
  }));
}

function fieldworkTypeOf(figures: FvfFillInput['figures']): BoxMeaning {
  const types =
    'month' in figures
      ? [figures.experienceTypeId]
      : figures.columns.map((c) => c.experienceTypeId);
  if (types.includes(1) && types.includes(2)) return 'mixed';
  return types.includes(2) ? 'concentrated' : 'supervised';
}

/** The qualification choice that says `qualification` ('BCBA' → 'BCBA/BCBA-D'), if any. */
function qualificationOption(
  options: readonly string[],
  qualification: string,
): string | undefined {
  const said = qualification.trim().toLowerCase();
  if (said === '') return undefined;
  return (
    options.find((option) => option.toLowerCase() === said) ??
    options.find((option) => /^bcba/.test(said) && /bcba/i.test(option)) ??
    options.find((option) => option !== options[0] && option.toLowerCase().includes(said))
  );
}

function writeFields(
  form: PDFForm,
  variant: FvfVariant,
  input: FvfFillInput,
  font: Awaited<ReturnType<typeof embedDejaVu>>,
): Record<string, string> {
  const written: Record<string, string> = {};
  const write = (spec: FvfField | undefined, value: Written) => {
    const field = findField(form, spec);
    if (!(field instanceof PDFTextField)) return;
    writeText(
      field,
      value.shown,
      font,
      value.fraction === undefined ? {} : { fraction: value.fraction },
    );
    written[field.getName()] = value.shown;
  };
  for (const [slot, shown] of Object.entries(slotValues(variant, input)) as [FvfSlot, string][]) {
    write(variant.fields[slot], { shown });
  }
  for (const { fields, values } of hoursByColumn(variant, input)) {
    for (const [slot, spec] of Object.entries(fields) as [HoursSlot, FvfField][]) {
      write(spec, values[slot] ?? { shown: '' });
    }
  }
  // A template saved with dates in it would look signed already: the parties sign in the app.
  for (const slot of ['traineeSignatureDate', 'supervisorSignatureDate'] as const) {
    const field = findField(form, variant.fields[slot]);
    if (field instanceof PDFTextField) writeText(field, '', font, { lock: false });
  }
  const choiceSpec = variant.fields.supervisorQualification;
  const choice = findField(form, choiceSpec);
  if (choice instanceof PDFDropdown || choice instanceof PDFOptionList) {
    const option = qualificationOption(choice.getOptions(), input.supervisor.qualification);
    if (option) {
      choice.select(option);
      written[choice.getName()] = option;
    }
    choice.defaultUpdateAppearances(font);
    nameFontInResources(choice, font);
    choice.enableReadOnly();
  }
  return written;
}

function tickBoxes(
  form: PDFForm,
  variant: FvfVariant,
  input: FvfFillInput,
): Record<string, string> {
  const ticked: Record<string, string> = {};
  const boxes: [FvfSlot, BoxMeaning | null][] = [
    ['fieldworkType', fieldworkTypeOf(input.figures)],
    ['prorated', input.isProrated ? 'yes' : null],
  ];
  for (const [slot, meaning] of boxes) {
    const spec = variant.fields[slot];
    const box = findField(form, spec);
    if (!spec || !(box instanceof PDFCheckBox)) continue;
    const onValues = spec.onValues ?? {};
    const wanted = meaning === null ? null : (onValues[meaning] ?? null);
    if (meaning !== null && wanted === null) {
      throw new FormTemplateError(FORM_MESSAGES.noBox(variant.label, spec.name, meaning));
    }
    tickBox(box, wanted, Object.values(onValues), variant.label);
    ticked[box.getName()] = wanted ?? 'Off';
  }
  return ticked;
}

/**
 * Read-only calculated fields are written too, since no reader runs the form's scripts once they
 * are gone; in DejaVu, so any name renders. Signature and date fields stay empty for `signFvf`.
 */
export async function fillFvfTemplate(
  template: Uint8Array,
  input: FvfFillInput,
): Promise<FilledFvf> {
  const doc = await loadFormPdf(template);
  const form = doc.getForm();
  const variant = recogniseFvfDocument(doc);
  const wanted = formOfFigures(input.figures);
  if (variant.form !== wanted) {
    throw new FormTemplateError(FORM_MESSAGES.wrongForm(variant.label, wanted));
  }
  if (input.edition && input.edition !== variant.edition) {
    throw new FormTemplateError(FORM_MESSAGES.wrongEdition(variant.label, input.edition));
  }
  const font = await embedDejaVu(doc);
  const values = { ...writeFields(form, variant, input, font), ...tickBoxes(form, variant, input) };
  // Every field is drawn as it should read: a reader told to draw them again would show the
  // percent's fraction, its format script gone (decision 013).
  form.acroForm.dict.delete(PDFName.of('NeedAppearances'));
  doc.setProducer('Fieldwork Tracker');
  return { bytes: await saveInert(doc), variant, values };
}
