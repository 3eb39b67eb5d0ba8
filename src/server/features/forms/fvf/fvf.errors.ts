import { AppError } from '../../../../shared/errors';
import {
  FVF_FORM_ABBREVIATIONS,
  type FvfFormName,
} from '../../../../shared/forms/fvf-template.schema';

/** `missing` names the fields the closest variant lacks. */
export class FormTemplateError extends AppError {
  readonly missing: readonly string[];

  constructor(message: string, missing: readonly string[] = []) {
    super('FORM_TEMPLATE_INVALID', message);
    this.name = 'FormTemplateError';
    this.missing = missing;
  }
}

/** A 409: retrying cannot help. */
export class FormSigningError extends AppError {
  constructor(message: string) {
    super('CONFLICT', message);
    this.name = 'FormSigningError';
  }
}

export const FORM_MESSAGES = {
  notPdf:
    'This file is not a PDF that can be read. Upload the blank form as downloaded from the BACB.',
  tooLarge:
    'This PDF is too large or complex to read. Upload the blank form as downloaded from the BACB.',
  encrypted:
    'This PDF is encrypted, so its fields cannot be filled. Upload the blank form as downloaded from the BACB.',
  noFields:
    'This PDF has no fillable fields. Upload the blank fillable form as downloaded from the BACB, not a scan or a printed copy.',
  unknown: (
    closest: { form: FvfFormName; label: string },
    missing: readonly string[],
    unexpected: readonly string[] = [],
  ) => {
    const other = FVF_FORM_ABBREVIATIONS[closest.form === 'final' ? 'monthly' : 'final'];
    const problems = [
      missing.length > 0 ? `it lacks ${missing.join(', ')}` : null,
      unexpected.length > 0 ? `it has ${unexpected.join(', ')}, which only the ${other} has` : null,
    ].filter((problem) => problem !== null);
    return (
      `This PDF is not a ${closest.form} fieldwork verification form we recognise. ` +
      `The closest is the ${closest.label}, but ${problems.join(', and ')}.`
    );
  },
  wrongForm: (label: string, form: FvfFormName) =>
    `This is the ${label}; the ${FVF_FORM_ABBREVIATIONS[form]} is needed here.`,
  ambiguous: (labels: readonly string[]) =>
    `This PDF matches more than one form (${labels.join(', ')}); it cannot be filled safely.`,
  wrongEdition: (label: string, edition: string) =>
    `This is the ${label}; the ${edition} form is needed for these hours.`,
  tooLong: (field: string) => `The value for ${field} is longer than the form allows.`,
  noBox: (label: string, field: string, wanted: string) =>
    `The ${label} template's box ${field} has no "${wanted}" choice.`,
  uploadAgain: (refusal: string) =>
    `The blank form you uploaded earlier can no longer be filled from. ${refusal}`,
  activeContent: (found: string) =>
    `This PDF holds ${found}, which a blank form never needs, so it was not installed. Upload the blank form as downloaded from the BACB.`,
  alreadySigned: (party: string) => `The ${party} has already signed this form.`,
  noPlaceToSign: (label: string, party: string) =>
    `The ${label} has no place for the ${party}'s signature: only the responsible supervisor signs it.`,
  complete: 'This form is signed by both parties and can no longer change.',
} as const;
