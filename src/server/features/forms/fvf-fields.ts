import type { FvfFormName } from '../../../shared/forms/fvf-template.schema';
import type { RuleSetId } from '../../../shared/logs/rule-sets';

/*
 * THE table of the BACB fieldwork verification forms we can fill, monthly (M-FVF) and final
 * (F-FVF): which AcroForm field holds what, per variant. The BACB's PDFs are never shipped
 * (© BACB; ARCHITECTURE.md), so these names are what we expect to read from the template a user
 * or operator installs:
 * - 2022: the names the issue lists (TRAINEE_NAME … PERCENT_HOURS_SUPERVISED,
 *   CHECK_SUPERVISED_FIELDWORK, the signature and signature-date fields).
 * - 2027: hours-and-minutes fields and an observation time. The observation minutes carry the
 *   template's own odd names ('Independent_Minutes 3' on the Individual form,
 *   'Independent_Minutes 2' on the Organization form), which is also what tells them apart.
 * - The month is one field 'TRAINEE_CERTIFICATE_MONTH/YEAR' on the published forms, or a month
 *   and a year field; either is accepted (see `hasCertificateMonth`).
 * - The Organization forms name the organization (ORGANIZATION_NAME); on 2022 that field is what
 *   tells them from the Individual form.
 * - The F-FVF names are UNCONFIRMED: nobody here has read them off the BACB's published F-FVF.
 *   They follow the M-FVF's style: the same trainee, supervisor, hours, box and signature fields,
 *   and the supervision period as FIELDWORK_START_DATE and FIELDWORK_END_DATE (M/D/YYYY), with
 *   NUMBER_OF_MONTHS when the form has it; the 2027 observation minutes are Observation_Minutes.
 * - The month fields mark an M-FVF and the period fields an F-FVF (`FORM_MARKS`): a template
 *   carrying the other form's marks is never taken for this one.
 * When a template disagrees, recognition says which of these names it lacks (and which marks of
 * the other form it has): fix this table.
 */

/** What a field of the form holds, whatever the template calls it. */
export type FvfSlot =
  | 'traineeName'
  | 'traineeBacbId'
  | 'certificateMonthYear'
  | 'certificateMonth'
  | 'certificateYear'
  | 'fieldworkState'
  | 'fieldworkCountry'
  | 'supervisorName'
  | 'supervisorBacbId'
  | 'organizationName'
  | 'periodStartDate'
  | 'periodEndDate'
  | 'monthsCount'
  | 'independentHours'
  | 'independentMinutes'
  | 'supervisedHours'
  | 'supervisedMinutes'
  | 'totalHours'
  | 'totalMinutes'
  | 'percentSupervised'
  | 'observationHours'
  | 'observationMinutes'
  | 'checkSupervised'
  | 'checkConcentrated'
  | 'traineeSignature'
  | 'traineeSignatureDate'
  | 'supervisorSignature'
  | 'supervisorSignatureDate';

/** The kind of AcroForm field a slot needs. A signature may be a /Sig or a text field. */
export type FvfFieldKind = 'text' | 'checkbox' | 'signature';

/** A slot's field on one variant; `optional` slots are filled when the template has them. */
export type FvfField = { name: string; kind: FvfFieldKind; optional?: boolean };

export type FvfStructure = 'individual' | 'organization';
export type FvfVariantId = `${'mfvf' | 'ffvf'}-${RuleSetId}-${FvfStructure}`;

/** One template we recognise. */
export type FvfVariant = {
  id: FvfVariantId;
  /** The monthly form (M-FVF) or the final one (F-FVF). */
  form: FvfFormName;
  edition: RuleSetId;
  structure: FvfStructure;
  /** How the form is named to people, e.g. 'M-FVF 2027 (Organization)'. */
  label: string;
  fields: Partial<Record<FvfSlot, FvfField>>;
};

const text = (name: string, optional?: boolean): FvfField =>
  optional ? { name, kind: 'text', optional } : { name, kind: 'text' };

/** The M-FVF's month: one field, or a month and a year field (see `hasCertificateMonth`). */
const CERTIFICATE_MONTH = {
  certificateMonthYear: text('TRAINEE_CERTIFICATE_MONTH/YEAR', true),
  certificateMonth: text('TRAINEE_CERTIFICATE_MONTH', true),
  certificateYear: text('TRAINEE_CERTIFICATE_YEAR', true),
} as const;

/** The F-FVF's supervision period (unconfirmed names, see above). */
const PERIOD = {
  periodStartDate: text('FIELDWORK_START_DATE'),
  periodEndDate: text('FIELDWORK_END_DATE'),
  monthsCount: text('NUMBER_OF_MONTHS', true),
} as const;

/** The fields that tell the two forms apart: a template with the other form's is neither. */
export const FORM_MARKS: Readonly<Record<FvfFormName, readonly string[]>> = {
  monthly: Object.values(CERTIFICATE_MONTH).map((field) => field.name),
  final: [PERIOD.periodStartDate.name, PERIOD.periodEndDate.name],
};

const IDENTITY = {
  traineeName: text('TRAINEE_NAME'),
  traineeBacbId: text('TRAINEE_BACB_ID'),
  fieldworkState: text('TRAINEE_FIELDWORK_STATE'),
  fieldworkCountry: text('TRAINEE_FIELDWORK_COUNTRY'),
  supervisorName: text('RESPONSIBLE_SUPERVISOR_NAME'),
  supervisorBacbId: text('RESPONSIBLE_SUPERVISOR_BACB_ID'),
  percentSupervised: text('PERCENT_HOURS_SUPERVISED'),
  traineeSignature: { name: 'TRAINEE_SIGNATURE', kind: 'signature' },
  traineeSignatureDate: text('TRAINEE_SIGNATURE_DATE'),
  supervisorSignature: { name: 'SUPERVISOR_SIGNATURE', kind: 'signature' },
  supervisorSignatureDate: text('SUPERVISOR_SIGNATURE_DATE'),
} as const satisfies Partial<Record<FvfSlot, FvfField>>;

/** The fieldwork-type boxes. On 2022 the supervised box is required; on 2027 both are optional. */
const fieldworkTypeBoxes = (optional: boolean) => ({
  checkSupervised: optional
    ? ({ name: 'CHECK_SUPERVISED_FIELDWORK', kind: 'checkbox', optional } as const)
    : ({ name: 'CHECK_SUPERVISED_FIELDWORK', kind: 'checkbox' } as const),
  // Some templates have one box field with a widget per type instead (see fvf-pdf-fields.ts).
  checkConcentrated: {
    name: 'CHECK_CONCENTRATED_SUPERVISED_FIELDWORK',
    kind: 'checkbox',
    optional: true,
  } as const,
});

const HOURS_2022 = {
  independentHours: text('INDEPENDENT_HOURS'),
  supervisedHours: text('SUPERVISED_HOURS'),
  totalHours: text('TOTAL_FIELDWORK'),
  ...fieldworkTypeBoxes(false),
} as const;

const HOURS_2027 = {
  independentHours: text('Independent_Hours'),
  independentMinutes: text('Independent_Minutes'),
  supervisedHours: text('Supervised_Hours'),
  supervisedMinutes: text('Supervised_Minutes'),
  totalHours: text('Total_Fieldwork_Hours'),
  totalMinutes: text('Total_Fieldwork_Minutes'),
  observationHours: text('Observation_Hours'),
  ...fieldworkTypeBoxes(true),
} as const;

const MONTHLY = { ...IDENTITY, ...CERTIFICATE_MONTH } as const;
const FINAL = { ...IDENTITY, ...PERIOD } as const;

/** Every variant we fill, the one place their field names are written. */
export const FVF_VARIANTS: readonly FvfVariant[] = [
  {
    id: 'mfvf-2022-individual',
    form: 'monthly',
    edition: '2022',
    structure: 'individual',
    label: 'M-FVF 2022 (Individual)',
    fields: { ...MONTHLY, ...HOURS_2022 },
  },
  {
    id: 'mfvf-2022-organization',
    form: 'monthly',
    edition: '2022',
    structure: 'organization',
    label: 'M-FVF 2022 (Organization)',
    fields: { ...MONTHLY, ...HOURS_2022, organizationName: text('ORGANIZATION_NAME') },
  },
  {
    id: 'mfvf-2027-individual',
    form: 'monthly',
    edition: '2027',
    structure: 'individual',
    label: 'M-FVF 2027 (Individual)',
    fields: { ...MONTHLY, ...HOURS_2027, observationMinutes: text('Independent_Minutes 3') },
  },
  {
    id: 'mfvf-2027-organization',
    form: 'monthly',
    edition: '2027',
    structure: 'organization',
    label: 'M-FVF 2027 (Organization)',
    fields: {
      ...MONTHLY,
      ...HOURS_2027,
      observationMinutes: text('Independent_Minutes 2'),
      organizationName: text('ORGANIZATION_NAME', true),
    },
  },
  {
    id: 'ffvf-2022-individual',
    form: 'final',
    edition: '2022',
    structure: 'individual',
    label: 'F-FVF 2022 (Individual)',
    fields: { ...FINAL, ...HOURS_2022 },
  },
  {
    id: 'ffvf-2022-organization',
    form: 'final',
    edition: '2022',
    structure: 'organization',
    label: 'F-FVF 2022 (Organization)',
    fields: { ...FINAL, ...HOURS_2022, organizationName: text('ORGANIZATION_NAME') },
  },
  {
    id: 'ffvf-2027-individual',
    form: 'final',
    edition: '2027',
    structure: 'individual',
    label: 'F-FVF 2027 (Individual)',
    fields: { ...FINAL, ...HOURS_2027, observationMinutes: text('Observation_Minutes') },
  },
  {
    id: 'ffvf-2027-organization',
    form: 'final',
    edition: '2027',
    structure: 'organization',
    label: 'F-FVF 2027 (Organization)',
    fields: {
      ...FINAL,
      ...HOURS_2027,
      observationMinutes: text('Observation_Minutes'),
      organizationName: text('ORGANIZATION_NAME'),
    },
  },
];

/** A variant by its id. */
export function fvfVariant(id: FvfVariantId): FvfVariant {
  const variant = FVF_VARIANTS.find((item) => item.id === id);
  if (!variant) throw new Error(`Unknown form variant ${id}`);
  return variant;
}

/** The month is written either in one field or in a month and a year field. */
export function hasCertificateMonth(has: (slot: FvfSlot) => boolean): boolean {
  return has('certificateMonthYear') || (has('certificateMonth') && has('certificateYear'));
}
