import { PDFCheckBox, PDFTextField, type PDFForm } from 'pdf-lib';
import type { FinalFvfFigures } from '../../../shared/forms/final-fvf';
import type { FvfFormName } from '../../../shared/forms/fvf-template.schema';
import {
  formMonthValues,
  fvfHoursValues,
  type MonthlyFvfFigures,
} from '../../../shared/forms/fvf-values';
import type { RuleSetId } from '../../../shared/logs/rule-sets';
import { formatUsDate, monthEnd, monthStart } from '../../../shared/logs/time';
import {
  FORM_MARKS,
  FVF_VARIANTS,
  hasCertificateMonth,
  type FvfField,
  type FvfSlot,
  type FvfVariant,
} from './fvf-fields';
import { fieldKindOf, loadFormPdf, tickFieldworkType, writeText } from './fvf-pdf-fields';
import { FORM_MESSAGES, FormTemplateError } from './forms.errors';
import { embedDejaVu } from './pdf-fonts';

/*
 * The BACB's own forms, monthly and final, recognised and filled from the logs (issue 10 "The
 * official form, filled"; decisions 012 and 013). The user or operator supplies the blank PDF;
 * we never ship it.
 */

/** Who the form is about, from the profiles (the BACB ID and fieldwork place are profile fields). */
export type FvfIdentity = {
  trainee: { name: string; bacbId: string; fieldworkState: string; fieldworkCountry: string };
  supervisor: { name: string; bacbId: string };
  /** Written on the Organization forms; ignored by the Individual ones. */
  organizationName?: string;
};

/** Everything one M-FVF (a month's figures) or F-FVF (a period's) shows before it is signed. */
export type FvfFillInput = FvfIdentity & {
  figures: MonthlyFvfFigures | FinalFvfFigures;
  /** The trainee's rule set: a template of the other edition is refused. */
  edition?: RuleSetId;
};

/** The form a set of figures is for: a month's are an M-FVF's, a period's an F-FVF's. */
export function formOfFigures(figures: FvfFillInput['figures']): FvfFormName {
  return 'month' in figures ? 'monthly' : 'final';
}

/** A filled form, its variant and the text written into each field (by field name). */
export type FilledFvf = { bytes: Uint8Array; variant: FvfVariant; values: Record<string, string> };

/** Whether the template has a field of the kind a slot needs (a signature may be text). */
function hasField(form: PDFForm, spec: FvfField | undefined): boolean {
  const field = spec && form.getFieldMaybe(spec.name);
  const kind = field ? fieldKindOf(field) : null;
  if (!spec || !kind) return false;
  return kind === spec.kind || (spec.kind === 'signature' && kind === 'text');
}

/**
 * How a template differs from a variant: the required names it lacks, and the fields it has that
 * mark the other form (`FORM_MARKS`: an F-FVF is never taken for an M-FVF, nor the reverse).
 */
function differences(form: PDFForm, variant: FvfVariant) {
  const fields = Object.entries(variant.fields) as [FvfSlot, FvfField][];
  const missing = fields
    .filter(([, spec]) => !spec.optional && !hasField(form, spec))
    .map(([, spec]) => spec.name);
  const isMonthly = variant.form === 'monthly';
  if (isMonthly && !hasCertificateMonth((slot) => hasField(form, variant.fields[slot]))) {
    missing.push(variant.fields.certificateMonthYear?.name ?? 'TRAINEE_CERTIFICATE_MONTH/YEAR');
  }
  const unexpected = FORM_MARKS[isMonthly ? 'final' : 'monthly'].filter(
    (name) => form.getFieldMaybe(name) !== undefined,
  );
  return { missing, unexpected, count: missing.length + unexpected.length };
}

const requiredCount = (variant: FvfVariant) =>
  Object.values(variant.fields).filter((spec) => !spec.optional).length;

/**
 * The variant of a loaded form, by its AcroForm field names (fvf-fields.ts). When several
 * variants fit, the one that asks for the most fields wins (an Organization form has every
 * field of the Individual one, and more); an unknown template is a FormTemplateError naming
 * the fields the closest variant lacks.
 */
export function recogniseFvfForm(form: PDFForm): FvfVariant {
  if (form.getFields().length === 0) throw new FormTemplateError(FORM_MESSAGES.noFields);
  const candidates = FVF_VARIANTS.map((variant) => ({
    variant,
    ...differences(form, variant),
  }));
  const fitting = candidates
    .filter((candidate) => candidate.count === 0)
    .map((candidate) => candidate.variant)
    .sort((a, b) => requiredCount(b) - requiredCount(a));
  const [best, next] = fitting;
  if (best && next && requiredCount(best) === requiredCount(next)) {
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

/** The variant of a blank template (throws FormTemplateError for anything else). */
export async function recogniseFvfTemplate(template: Uint8Array): Promise<FvfVariant> {
  const doc = await loadFormPdf(template);
  return recogniseFvfForm(doc.getForm());
}

/** The slots that say when: the M-FVF's month, or the F-FVF's period (M/D/YYYY, as signature dates) and months. */
function whenValues(figures: FvfFillInput['figures']): Partial<Record<FvfSlot, string>> {
  if ('month' in figures) {
    const month = formMonthValues(figures.month);
    return {
      certificateMonthYear: month.monthYear,
      certificateMonth: month.month,
      certificateYear: month.year,
    };
  }
  return {
    periodStartDate: formatUsDate(monthStart(figures.fromMonth)),
    periodEndDate: formatUsDate(monthEnd(figures.toMonth)),
    monthsCount: String(figures.months),
  };
}

/**
 * The text of each text slot of a variant: who, when, and the hours in the edition's format
 * (shared/forms/fvf-values.ts). Slots the variant lacks are simply not used.
 */
export function fvfSlotValues(
  variant: FvfVariant,
  input: FvfFillInput,
): Partial<Record<FvfSlot, string>> {
  const values: Partial<Record<FvfSlot, string>> = {
    traineeName: input.trainee.name,
    traineeBacbId: input.trainee.bacbId,
    ...whenValues(input.figures),
    fieldworkState: input.trainee.fieldworkState,
    fieldworkCountry: input.trainee.fieldworkCountry,
    supervisorName: input.supervisor.name,
    supervisorBacbId: input.supervisor.bacbId,
  };
  if (variant.structure === 'organization') values.organizationName = input.organizationName ?? '';
  const hours = fvfHoursValues(input.figures, variant.edition);
  if (hours.edition === '2022') {
    return {
      ...values,
      independentHours: hours.independentHours,
      supervisedHours: hours.supervisedHours,
      totalHours: hours.totalFieldwork,
      percentSupervised: hours.percentSupervised,
    };
  }
  return {
    ...values,
    independentHours: hours.independent.hours,
    independentMinutes: hours.independent.minutes,
    supervisedHours: hours.supervised.hours,
    supervisedMinutes: hours.supervised.minutes,
    totalHours: hours.total.hours,
    totalMinutes: hours.total.minutes,
    observationHours: hours.observation.hours,
    observationMinutes: hours.observation.minutes,
    percentSupervised: hours.percentSupervised,
  };
}

/**
 * Fills a blank official form for one supervisor and fieldwork type: an M-FVF for a month or an
 * F-FVF for a period, as the figures say. Recognises the variant, writes every field it has
 * (locked, in DejaVu so any name renders) and ticks the fieldwork type. Signature and date
 * fields stay empty for `signFvf`.
 */
export async function fillFvfTemplate(
  template: Uint8Array,
  input: FvfFillInput,
): Promise<FilledFvf> {
  const doc = await loadFormPdf(template);
  const form = doc.getForm();
  const variant = recogniseFvfForm(form);
  const wanted = formOfFigures(input.figures);
  if (variant.form !== wanted) {
    throw new FormTemplateError(FORM_MESSAGES.wrongForm(variant.label, wanted));
  }
  if (input.edition && input.edition !== variant.edition) {
    throw new FormTemplateError(FORM_MESSAGES.wrongEdition(variant.label, input.edition));
  }
  const font = await embedDejaVu(doc);
  const { supervisedMinutes, totalMinutes } = input.figures;
  const values: Record<string, string> = {};
  for (const [slot, shown] of Object.entries(fvfSlotValues(variant, input)) as [
    FvfSlot,
    string,
  ][]) {
    const spec = variant.fields[slot];
    const field = spec && form.getFieldMaybe(spec.name);
    if (!spec || !(field instanceof PDFTextField)) continue;
    const fraction = totalMinutes === 0 ? 0 : supervisedMinutes / totalMinutes;
    writeText(field, shown, font, slot === 'percentSupervised' ? { fraction } : {});
    values[spec.name] = shown;
  }
  // A template saved with dates in it would look signed already: the parties sign in the app.
  const unsigned: FvfSlot[] = [
    'traineeSignature',
    'traineeSignatureDate',
    'supervisorSignature',
    'supervisorSignatureDate',
  ];
  for (const slot of unsigned) {
    const spec = variant.fields[slot];
    const field = spec && form.getFieldMaybe(spec.name);
    if (field instanceof PDFTextField) writeText(field, '', font, { lock: false });
  }
  const box = (slot: FvfSlot) => {
    const field = variant.fields[slot] && form.getFieldMaybe(variant.fields[slot].name);
    return field instanceof PDFCheckBox ? field : undefined;
  };
  tickFieldworkType(
    { supervised: box('checkSupervised'), concentrated: box('checkConcentrated') },
    input.figures.experienceTypeId,
    variant.label,
  );
  doc.setProducer('Fieldwork Tracker');
  const bytes = await doc.save({ updateFieldAppearances: false });
  return { bytes, variant, values };
}
