import type { FvfFormName, FvfStructureName } from '../../../../shared/forms/fvf-template.schema';
import type { RuleSetId } from '../../../../shared/logs/rule-sets';

/*
 * THE table of the BACB's fieldwork verification forms (M-FVF, F-FVF), each field as the real form
 * has it. The tests' stand-in templates are built from it (fvf-template.fixture.ts), so correcting
 * a name here corrects both; the BACB's PDFs are never shipped (© BACB). Where rows come from:
 * - READ off the BACB's published PDFs (issue 26): the 2022 M-FVF ("Version 08/2023"; the
 *   Organization form was read, the Individual one has the same names per public code that fills
 *   it) and the 2022 F-FVF Organization form ("Version 12/2023").
 * - REPORTED by public code that fills the forms, unconfirmed: the 2022 F-FVF Individual form
 *   (TRAINEE_ACCOUNT_ID, 'Fieldwork-Type'), the 2027 M-FVF and the 2027 F-FVF (a `C_` prefix on
 *   the concentrated column, no observation); the 2027 F-FVF Organization form is assumed to be
 *   the 2022 one with the 2027 hours. Unconfirmed boxes are optional.
 * When a template disagrees with this table, recognition says which names it lacks: fix this
 * table, not the code.
 */

/** The kind of AcroForm field: a signature is a /Sig field (or, on some templates, text). */
export type FvfFieldKind = 'text' | 'checkbox' | 'signature' | 'choice' | 'button';

export type BoxMeaning = 'supervised' | 'concentrated' | 'mixed' | 'yes';

export type FvfField = {
  name: string;
  kind: FvfFieldKind;
  /** Filled when the template has it; recognition does not ask for it. */
  optional?: boolean;
  /** Other spellings public code reports for the same field (tried after `name`). */
  aliases?: readonly string[];
  /** The form's own read-only flag: a field it calculates (we fill it all the same). */
  readOnly?: boolean;
  /** A box: the "on" value of each widget, in the order they stand on the page. */
  onValues?: Partial<Record<BoxMeaning, string>>;
  options?: readonly string[];
  /** The field's scripts on the real form; the output drops every one (pdf-output.ts). */
  scripts?: { format?: string; keystroke?: string; calculate?: string; action?: string };
};

/** One column of hours, as a form reports them (2022: decimal hours; 2027: hours and minutes). */
export type HoursSlot =
  | 'independentHours'
  | 'independentMinutes'
  | 'supervisedHours'
  | 'supervisedMinutes'
  | 'totalHours'
  | 'totalMinutes'
  | 'percentSupervised'
  | 'observationHours'
  | 'observationMinutes'
  | 'monthsCount';

export type FvfSlot =
  | 'traineeName'
  | 'traineeBacbId'
  | 'certificateMonthYear'
  | 'periodStart'
  | 'periodEnd'
  | 'fieldworkState'
  | 'fieldworkCountry'
  | 'fieldworkType'
  | 'prorated'
  | 'supervisorName'
  | 'supervisorBacbId'
  | 'supervisorQualification'
  | `supervisorName${1 | 2 | 3 | 4}`
  | `supervisorBacbId${1 | 2 | 3 | 4}`
  | 'traineeSignature'
  | 'traineeSignatureDate'
  | 'supervisorSignature'
  | 'supervisorSignatureDate';

export type FvfStructure = FvfStructureName;
export type FvfVariantId = `${'mfvf' | 'ffvf'}-${RuleSetId}-${FvfStructure}`;

export type FvfVariant = {
  id: FvfVariantId;
  form: FvfFormName;
  edition: RuleSetId;
  structure: FvfStructure;
  /** How the form is named to people, e.g. 'M-FVF 2027 (Organization)'. */
  label: string;
  /** The document title the real form carries (the fixture writes it). */
  title: string;
  headings: readonly string[];
  fields: Partial<Record<FvfSlot, FvfField>>;
  /** The hours: an M-FVF's one column, or the F-FVF's supervised-fieldwork column. */
  hours: Partial<Record<HoursSlot, FvfField>>;
  /** The F-FVF's concentrated-fieldwork column (a Mixed period fills both). */
  concentratedHours?: Partial<Record<HoursSlot, FvfField>>;
  /** Fields the form has that the product never fills (the 2022 M-FVF's info buttons). */
  extras?: readonly FvfField[];
};

const text = (name: string, more: Partial<FvfField> = {}): FvfField => ({
  name,
  kind: 'text',
  ...more,
});
const optional = (field: FvfField): FvfField => ({ ...field, optional: true });

/** Acrobat's number and percent formats, as the 2022 forms use them on their hours. */
const NUMBER_SCRIPTS = {
  format: 'AFNumber_Format(2, 0, 0, 0, "", true);',
  keystroke: 'AFNumber_Keystroke(2, 0, 0, 0, "", true);',
};
const sumOf = (a: string, b: string) => ({
  format: NUMBER_SCRIPTS.format,
  calculate: `AFSimple_Calculate("SUM", new Array("${a}", "${b}"));`,
});
const percentOf = (supervised: string, total: string) => ({
  format: 'AFPercent_Format(2, 0);',
  calculate: `var s = this.getField("${supervised}").value; var t = this.getField("${total}").value; event.value = t > 0 ? s / t : "";`,
});

/** The 2022 hours: decimal hours, the total and the percent read-only and calculated. */
function hours2022(suffix = '', withMonths = false): Partial<Record<HoursSlot, FvfField>> {
  const [independent, supervised, total] = [
    'INDEPENDENT_HOURS',
    'SUPERVISED_HOURS',
    'TOTAL_FIELDWORK',
  ].map((name) => `${name}${suffix}`) as [string, string, string];
  return {
    ...(withMonths ? { monthsCount: text(`TOTAL_MONTHS_OF_FIELDWORK_OBTAINED${suffix}`) } : {}),
    independentHours: text(independent, { scripts: NUMBER_SCRIPTS }),
    supervisedHours: text(supervised, { scripts: NUMBER_SCRIPTS }),
    totalHours: text(total, { readOnly: true, scripts: sumOf(independent, supervised) }),
    percentSupervised: text(`PERCENT_HOURS_SUPERVISED${suffix}`, {
      readOnly: true,
      scripts: percentOf(supervised, total),
    }),
  };
}

/** The 2027 hours: whole hours and minutes (reported by public code). */
function hours2027(prefix = ''): Partial<Record<HoursSlot, FvfField>> {
  return {
    independentHours: text(`${prefix}Independent_Hours`),
    independentMinutes: text(`${prefix}Independent_Minutes`),
    supervisedHours: text(`${prefix}Supervised_Hours`),
    supervisedMinutes: text(`${prefix}Supervised_Minutes`),
    totalHours: text(`${prefix}Total_Fieldwork_Hours`),
    totalMinutes: text(`${prefix}Total_Fieldwork_Minutes`),
    percentSupervised: text(`${prefix}PERCENT_HOURS_SUPERVISED`, {
      scripts: { format: 'AFPercent_Format(2, 0);' },
    }),
  };
}

const SUPERVISED = 'Supervised Fieldwork';
const CONCENTRATED = 'Concentrated Supervised Fieldwork';

const signature = (name: string): FvfField => ({ name, kind: 'signature' });

const TRAINEE = {
  traineeName: text('TRAINEE_NAME'),
  traineeBacbId: text('TRAINEE_BACB_ID'),
  fieldworkState: text('TRAINEE_FIELDWORK_STATE'),
  fieldworkCountry: text('TRAINEE_FIELDWORK_COUNTRY'),
  supervisorName: text('RESPONSIBLE_SUPERVISOR_NAME'),
  supervisorSignature: signature('SUPERVISOR_SIGNATURE'),
  supervisorSignatureDate: text('SUPERVISOR_SIGNATURE_DATE'),
} as const satisfies Partial<Record<FvfSlot, FvfField>>;

function monthly(boxesOptional: boolean): Partial<Record<FvfSlot, FvfField>> {
  const box = (field: FvfField) => (boxesOptional ? optional(field) : field);
  return {
    ...TRAINEE,
    certificateMonthYear: text('TRAINEE_CERTIFICATE_MONTH/YEAR'),
    supervisorBacbId: text('RESPONSIBLE_SUPERVISOR_BACB_ID'),
    fieldworkType: box({
      name: 'CHECK_SUPERVISED_FIELDWORK',
      kind: 'checkbox',
      onValues: { supervised: SUPERVISED, concentrated: CONCENTRATED },
    }),
    prorated: box({
      name: 'This fieldwork included prorated hours for a partial month',
      // Public code spells it with a full stop and a space at the end.
      aliases: ['This fieldwork included prorated hours for a partial month. '],
      kind: 'checkbox',
      onValues: { yes: 'yes' },
    }),
    traineeSignature: signature('TRAINEE_SIGNATURE'),
    traineeSignatureDate: text('TRAINEE_SIGNATURE_DATE'),
  };
}

const INFO_BUTTONS: readonly FvfField[] = [
  'BACB_ID_BUTTON',
  'INDEPENDENT_HOURS_BUTTON',
  'SUPERVISED_HOURS_BUTTON',
].map((name) => ({
  name,
  kind: 'button',
  scripts: { action: `app.alert("See the BACB Handbook for what ${name} asks.", 3);` },
}));

const FINAL_TYPE_BOX = (name: string, isOptional = false): FvfField => ({
  name,
  kind: 'checkbox',
  onValues: { supervised: SUPERVISED, concentrated: CONCENTRATED, mixed: 'Mixed' },
  ...(isOptional ? { optional: true } : {}),
});

/** The qualification choice of the F-FVF (its first two options as read; the rest unconfirmed). */
const QUALIFICATION: FvfField = {
  name: 'RESPONSIBLE_SUPERVISOR_QUALIFICATION',
  kind: 'choice',
  options: ['Choose One', 'BCBA/BCBA-D', 'Licensed Psychologist', 'Faculty Member'],
};

/** The F-FVF Organization form: every supervisor at the organization, up to four. */
const ORGANIZATION_SUPERVISORS: Partial<Record<FvfSlot, FvfField>> = Object.fromEntries(
  ([1, 2, 3, 4] as const).flatMap((n) => [
    [`supervisorName${n}`, text(`SUPERVISOR_NAME_${n}`)],
    [`supervisorBacbId${n}`, text(`SUPERVISOR_BACB_ID_${n}`)],
  ]),
);

function final(structure: FvfStructure, edition: RuleSetId): Partial<Record<FvfSlot, FvfField>> {
  const isOrganization = structure === 'organization';
  return {
    ...TRAINEE,
    traineeBacbId: text(isOrganization ? 'TRAINEE_BACB_ID' : 'TRAINEE_ACCOUNT_ID'),
    periodStart: text('START_DATE'),
    periodEnd: text('END_DATE'),
    supervisorBacbId: text(
      isOrganization ? 'RESPONSIBLE_SUPERVISOR_ACCOUNT_ID' : 'RESPONSIBLE_SUPERVISOR_BACB_ID',
    ),
    fieldworkType: FINAL_TYPE_BOX(
      isOrganization ? 'CHECK_FIELDWORK' : 'Fieldwork-Type',
      edition === '2027',
    ),
    prorated: {
      name: 'CHECK_prorated fieldwork ',
      kind: 'checkbox',
      onValues: { yes: 'prorated fieldwork' },
      ...(isOrganization && edition === '2022' ? {} : { optional: true }),
    },
    ...(edition === '2022' ? { supervisorQualification: QUALIFICATION } : {}),
    ...(isOrganization ? ORGANIZATION_SUPERVISORS : {}),
  };
}

const ORGANIZATION_TITLE = (form: string) =>
  `${form} Fieldwork Verification Form: Multiple Supervisors at One Organization`;
const INDIVIDUAL_TITLE = (form: string) =>
  `${form} Fieldwork Verification Form: Individual Supervisor`;

function monthlyVariant(edition: RuleSetId, structure: FvfStructure): FvfVariant {
  const isOrganization = structure === 'organization';
  const hours =
    edition === '2022'
      ? hours2022()
      : {
          ...hours2027(),
          observationHours: text('Observation_Hours'),
          observationMinutes: text(
            isOrganization ? 'Independent_Minutes 2' : 'Independent_Minutes 3',
          ),
        };
  return {
    id: `mfvf-${edition}-${structure}`,
    form: 'monthly',
    edition,
    structure,
    label: `M-FVF ${edition} (${isOrganization ? 'Organization' : 'Individual'})`,
    title: isOrganization ? ORGANIZATION_TITLE('Monthly') : INDIVIDUAL_TITLE('Monthly'),
    headings: isOrganization
      ? [
          'Organization Monthly Fieldwork Verification Form',
          'MULTIPLE SUPERVISORS AT ONE ORGANIZATION',
        ]
      : ['Individual Monthly Fieldwork Verification Form', 'INDIVIDUAL SUPERVISOR'],
    fields: monthly(edition === '2027'),
    hours,
    ...(edition === '2022' ? { extras: INFO_BUTTONS } : {}),
  };
}

function finalVariant(edition: RuleSetId, structure: FvfStructure): FvfVariant {
  const isOrganization = structure === 'organization';
  return {
    id: `ffvf-${edition}-${structure}`,
    form: 'final',
    edition,
    structure,
    label: `F-FVF ${edition} (${isOrganization ? 'Organization' : 'Individual'})`,
    title: isOrganization ? ORGANIZATION_TITLE('Final') : INDIVIDUAL_TITLE('Final'),
    headings: isOrganization
      ? [
          'Organization Final Fieldwork Verification Form',
          'MULTIPLE SUPERVISORS AT ONE ORGANIZATION',
        ]
      : ['Individual Final Fieldwork Verification Form', 'INDIVIDUAL SUPERVISOR'],
    fields: final(structure, edition),
    hours: edition === '2022' ? hours2022('', true) : hours2027(),
    concentratedHours: edition === '2022' ? hours2022(' 2', true) : hours2027('C_'),
  };
}

/** Every variant we fill, the one place their field names are written. */
export const FVF_VARIANTS: readonly FvfVariant[] = [
  monthlyVariant('2022', 'individual'),
  monthlyVariant('2022', 'organization'),
  monthlyVariant('2027', 'individual'),
  monthlyVariant('2027', 'organization'),
  finalVariant('2022', 'individual'),
  finalVariant('2022', 'organization'),
  finalVariant('2027', 'individual'),
  finalVariant('2027', 'organization'),
];

/**
 * The Organization form, when its names do not tell: its title or a heading on its page. Matched
 * as written (an Individual form may mention the other form in lower case in its instructions).
 */
export const STRUCTURE_MARKS = {
  title: /multiple supervisors|organization/i,
  text: /Organization (Monthly|Final) Fieldwork Verification Form|MULTIPLE SUPERVISORS AT ONE ORGANIZATION/,
} as const;

/** The fields that mark each form: a template with the other form's is neither. */
export const FORM_MARKS: Readonly<Record<FvfFormName, readonly string[]>> = {
  monthly: ['TRAINEE_CERTIFICATE_MONTH/YEAR'],
  final: ['START_DATE', 'END_DATE'],
};

export function fvfVariant(id: FvfVariantId): FvfVariant {
  const variant = FVF_VARIANTS.find((item) => item.id === id);
  if (!variant) throw new Error(`Unknown form variant ${id}`);
  return variant;
}

export function variantFields(variant: FvfVariant): FvfField[] {
  return [
    ...Object.values(variant.fields),
    ...Object.values(variant.hours),
    ...Object.values(variant.concentratedHours ?? {}),
  ];
}

/** The parties who sign a variant: the F-FVF has no place for the trainee's signature. */
export function signersOf(variant: FvfVariant): ('trainee' | 'supervisor')[] {
  return (['trainee', 'supervisor'] as const).filter(
    (party) => variant.fields[`${party}Signature`] !== undefined,
  );
}
