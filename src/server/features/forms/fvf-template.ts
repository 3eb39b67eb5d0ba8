import { PDFCheckBox, PDFTextField, type PDFForm } from 'pdf-lib';
import {
  formMonthValues,
  fvfHoursValues,
  type MonthlyFvfFigures,
} from '../../../shared/forms/fvf-values';
import type { RuleSetId } from '../../../shared/logs/rule-sets';
import {
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
 * The BACB's own monthly form, recognised and filled from the logs (issue 10 "The official
 * form, filled"; decision 012). The user or operator supplies the blank PDF; we never ship it.
 */

/** Who the form is about, from the profiles (the BACB ID and fieldwork place are profile fields). */
export type FvfIdentity = {
  trainee: { name: string; bacbId: string; fieldworkState: string; fieldworkCountry: string };
  supervisor: { name: string; bacbId: string };
  /** Written on the Organization forms; ignored by the Individual ones. */
  organizationName?: string;
};

/** Everything one M-FVF shows before it is signed. */
export type FvfFillInput = FvfIdentity & {
  figures: MonthlyFvfFigures;
  /** The trainee's rule set: a template of the other edition is refused. */
  edition?: RuleSetId;
};

/** A filled form, its variant and the text written into each field (by field name). */
export type FilledFvf = { bytes: Uint8Array; variant: FvfVariant; values: Record<string, string> };

/** Whether the template has a field of the kind a slot needs (a signature may be text). */
function hasField(form: PDFForm, spec: FvfField | undefined): boolean {
  const field = spec && form.getFieldMaybe(spec.name);
  const kind = field ? fieldKindOf(field) : null;
  if (!spec || !kind) return false;
  return kind === spec.kind || (spec.kind === 'signature' && kind === 'text');
}

/** The required names a template lacks for a variant. */
function missingFields(form: PDFForm, variant: FvfVariant): string[] {
  const fields = Object.entries(variant.fields) as [FvfSlot, FvfField][];
  const missing = fields
    .filter(([, spec]) => !spec.optional && !hasField(form, spec))
    .map(([, spec]) => spec.name);
  if (!hasCertificateMonth((slot) => hasField(form, variant.fields[slot]))) {
    missing.push(variant.fields.certificateMonthYear?.name ?? 'TRAINEE_CERTIFICATE_MONTH/YEAR');
  }
  return missing;
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
    missing: missingFields(form, variant),
  }));
  const fitting = candidates
    .filter((candidate) => candidate.missing.length === 0)
    .map((candidate) => candidate.variant)
    .sort((a, b) => requiredCount(b) - requiredCount(a));
  const [best, next] = fitting;
  if (best && next && requiredCount(best) === requiredCount(next)) {
    throw new FormTemplateError(FORM_MESSAGES.ambiguous(fitting.map((variant) => variant.label)));
  }
  if (best) return best;
  const closest = [...candidates].sort((a, b) => a.missing.length - b.missing.length)[0];
  const missing = closest?.missing ?? [];
  throw new FormTemplateError(
    FORM_MESSAGES.unknown(closest?.variant.label ?? 'M-FVF', missing),
    missing,
  );
}

/** The variant of a blank template (throws FormTemplateError for anything else). */
export async function recogniseFvfTemplate(template: Uint8Array): Promise<FvfVariant> {
  const doc = await loadFormPdf(template);
  return recogniseFvfForm(doc.getForm());
}

/**
 * The text of each text slot of a variant: who, which month, and the month's hours in the
 * edition's format (shared/forms/fvf-values.ts). Slots the variant lacks are simply not used.
 */
export function fvfSlotValues(
  variant: FvfVariant,
  input: FvfFillInput,
): Partial<Record<FvfSlot, string>> {
  const month = formMonthValues(input.figures.month);
  const values: Partial<Record<FvfSlot, string>> = {
    traineeName: input.trainee.name,
    traineeBacbId: input.trainee.bacbId,
    certificateMonthYear: month.monthYear,
    certificateMonth: month.month,
    certificateYear: month.year,
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
 * Fills a blank official M-FVF for one supervisor, fieldwork type and month: recognises the
 * variant, writes every field it has (locked, in DejaVu so any name renders) and ticks the
 * fieldwork type. Signature and date fields stay empty for `signFvf`.
 */
export async function fillFvfTemplate(
  template: Uint8Array,
  input: FvfFillInput,
): Promise<FilledFvf> {
  const doc = await loadFormPdf(template);
  const form = doc.getForm();
  const variant = recogniseFvfForm(form);
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
