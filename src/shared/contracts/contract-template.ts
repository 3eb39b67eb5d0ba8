/*
 * The supervision contract's template (issue 39). The BCBA Handbook (updated 01/2026),
 * "Supervision Contract": "The contract should include:" the responsibilities of each party
 * (with the supervisor's 8-hour supervision training), at an organization each supervisor's
 * roles, the activities and training objectives individualized to the trainee, when the
 * supervisor will not sign the M-FVF and F-FVF, the consequences (with proper termination), the
 * on-site employer's written permission, the attestation to the Code, and keeping the documents
 * seven years and giving them to the BACB. One section per element, with fixed ids, so that none
 * can be dropped: the wording is ours, a starting point the parties make their own.
 */

export type ContractStructure = {
  traineeName: string;
  /** Every supervisor of the structure, by name (one for an individual supervisor). */
  supervisorNames: readonly string[];
  /** '' for an individual supervisor. */
  organization: string;
};

export type ContractSectionText = { id: string; title: string; body: string };

type SectionDefinition = {
  id: string;
  title: string;
  /** The Handbook's words the section answers ("Supervision Contract"). */
  handbook: string;
  /** What the parties should write or check, for the editor. */
  hint: string;
  /** Only in an organization's contract. */
  isOrganizationOnly?: boolean;
  body: (structure: ContractStructure) => string;
};

const listNames = (names: readonly string[]) =>
  names.length <= 1
    ? (names[0] ?? 'the supervisor')
    : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1] ?? ''}`;

const supervisorsOf = (s: ContractStructure) =>
  s.organization === ''
    ? `the supervisor (${listNames(s.supervisorNames)})`
    : `the supervisors at ${s.organization} (${listNames(s.supervisorNames)})`;

const SECTIONS: readonly SectionDefinition[] = [
  {
    id: 'parties',
    title: 'Parties and supervision structure',
    handbook: 'the trainee and supervisor(s) must develop and sign a written contract',
    hint: 'Check the names and the structure; add each party’s BACB ID if you wish.',
    body: (s) =>
      s.organization === ''
        ? `This contract is between ${s.traineeName} (the trainee) and ${listNames(s.supervisorNames)} (the supervisor), an individual supervisor who provides all of the trainee's supervision in this structure. It takes effect on the date the last party signs it; no fieldwork hours accrue in this structure before that date.`
        : `This contract is between ${s.traineeName} (the trainee) and the supervisors at ${s.organization} who share the trainee's supervision (Multiple Supervisors at One Organization): ${listNames(s.supervisorNames)}. Every supervisor listed signs it. It takes effect on the date the last party signs it; no fieldwork hours accrue in this structure before that date.`,
  },
  {
    id: 'responsibilities',
    title: 'Responsibilities of the supervisor(s) and the trainee',
    handbook:
      'the responsibilities of the supervisor(s) and trainee, including the completion of the 8-hour supervision training by the supervisor(s) and adherence by all parties to the fieldwork requirements',
    hint: 'Say what each party does each month: meetings, observations, feedback, documentation.',
    body: (s) =>
      [
        `Each supervisor confirms that they completed the BACB's 8-hour supervision training and uploaded its certificate to their BACB account before signing this contract, that they meet the BACB's supervisor qualifications for as long as they supervise, and that they are not related to, subordinate to, employed by, or in a multiple relationship with the trainee.`,
        `The supervisor(s) will: plan and deliver supervision that meets the BACB's fieldwork requirements each month (the supervision percentage, the number of supervisor-trainee contacts, at least half of the meeting time in individual supervision, and at least one observation of the trainee with a client); relate all supervision to specific client programming; give documented, timely feedback; review the trainee's documentation; and supervise only within their areas of competence.`,
        `${s.traineeName} will: accrue hours only in appropriate activities; attend the scheduled supervision; document every session, supervision contact and observation in the fieldwork tracker as it happens; prepare for meetings; act on feedback; and tell the supervisor(s) promptly of any change in setting, schedule or eligibility.`,
        `All parties will follow the BACB's fieldwork requirements as published in the BCBA Handbook in force during the fieldwork.`,
      ].join('\n\n'),
  },
  {
    id: 'organization-roles',
    title: 'Each supervisor’s roles, responsibilities and expectations',
    handbook:
      'if there are multiple supervisors at one organization, a single contract may be used, but it must outline each supervisor’s roles, responsibilities, and expectations, including how documentation and forms will be completed',
    hint: 'For each supervisor: their role, what they supervise, and who completes and signs each form.',
    isOrganizationOnly: true,
    body: (s) =>
      [
        ...s.supervisorNames.map(
          (name) =>
            `${name}: role (responsible supervisor, or supervisor providing part of the supervision); the activities and the clients they supervise; the individual and group meetings and observations they provide; how they record each contact.`,
        ),
        `The responsible supervisor coordinates the supervision at ${s.organization}, checks each month that the requirements are met across all supervisors (all supervised hours count toward the supervision percentage), and completes and signs the Multiple Supervisors at One Organization M-FVF each month and the F-FVF. The other supervisors confirm their contacts and observations to the responsible supervisor by the end of each month.`,
      ].join('\n\n'),
  },
  {
    id: 'activities',
    title: 'Activities and training objectives',
    handbook:
      'a description of the appropriate activities and training objectives individualized to the trainee',
    hint: 'Individualize this section: the settings, clients, activities and the skills the trainee will build (e.g. from the BCBA Task List), with how progress is measured.',
    // Left empty on purpose: no standard text can be individualized, so the contract cannot be
    // signed until the parties write it (contractSectionsMissing).
    body: () => '',
  },
  {
    id: 'signature-conditions',
    title: 'When the supervisor(s) will not sign the M-FVF and F-FVF',
    handbook:
      'the objective and measurable circumstances under which the supervisor(s) will not sign the trainee’s M-FVF and F-FVF',
    hint: 'Keep each circumstance objective and measurable; add any of your own.',
    body: (s) =>
      [
        `${s.organization === '' ? 'The supervisor' : 'The responsible supervisor'} will not sign a monthly (M-FVF) or final (F-FVF) fieldwork verification form for a month or period in which:`,
        '- the hours, contacts, observations or supervision percentage recorded do not meet the BACB requirements for the fieldwork type;',
        '- the trainee’s documentation of the month is incomplete, or does not match what the supervisor observed;',
        '- the trainee did not attend the scheduled supervision without rescheduling it within the month;',
        '- the trainee acted against the Code or against this contract and did not correct it as agreed.',
        'The supervisor tells the trainee in writing, within the month, which circumstance applies and what would correct it.',
      ].join('\n'),
  },
  {
    id: 'consequences',
    title: 'Consequences and termination',
    handbook:
      'the consequences if the parties do not adhere to their responsibilities (including proper termination of the relationship)',
    hint: 'Say what happens when a party does not keep the contract, and how either party ends it.',
    body: (s) =>
      [
        `If a party does not keep their responsibilities, the other party raises it in writing and they agree on a plan to correct it within 30 days. If it is not corrected, either party may end this contract.`,
        `Either party may end this contract by giving written notice with its termination date and reason. On termination, ${supervisorsOf(s)} will sign the verification forms for the hours that met the requirements before the termination date, and the parties will each keep the documentation as this contract says. No hours accrue in this structure after the termination date.`,
      ].join('\n\n'),
  },
  {
    id: 'employer-permission',
    title: 'Written permission of the on-site employer',
    handbook:
      'a statement requiring the trainee to obtain written permission from their on-site employer or manager, when applicable',
    hint: 'Say whether it applies, and name the employer or manager who gave permission.',
    body: (s) =>
      `Where the trainee accrues fieldwork at a setting where they are employed and ${s.organization === '' ? 'the supervisor is' : 'the supervisors are'} not their employer, ${s.traineeName} will obtain written permission from their on-site employer or manager for the fieldwork and the supervision (including the supervisor's access to client information) before any hours accrue there, and give a copy to ${s.organization === '' ? 'the supervisor' : 'the responsible supervisor'}.`,
  },
  {
    id: 'code',
    title: 'Attestation to the Code',
    handbook: 'an attestation that all parties will adhere to the Code',
    hint: 'Keep this attestation as it is.',
    body: () =>
      `All parties attest that they will adhere to the BACB's Ethics Code for Behavior Analysts (the Code), including its section on responsibilities to supervisees and trainees, throughout the supervision.`,
  },
  {
    id: 'records',
    title: 'Keeping the contract and documentation',
    handbook:
      'a statement declaring that the trainee and supervisor(s): (a) will retain a copy of the contract and supervision documentation for at least seven years from the date of the final supervision meeting, and (b) will provide all documentation to the BACB if requested',
    hint: 'Keep this statement as it is.',
    body: () =>
      `The trainee and the supervisor(s) will each (a) retain a copy of this contract, its amendments and the supervision documentation for at least seven years from the date of the final supervision meeting, and (b) provide all of this documentation to the BACB if requested.`,
  },
];

/** Every section id of the template, in the contract's order. */
export const CONTRACT_SECTION_IDS: readonly string[] = SECTIONS.map((section) => section.id);

/** The Handbook's words each section answers, and the editor's hint, by section id. */
export const CONTRACT_SECTION_GUIDE: Readonly<Record<string, { handbook: string; hint: string }>> =
  Object.fromEntries(SECTIONS.map(({ id, handbook, hint }) => [id, { handbook, hint }]));

const sectionsFor = (isOrganization: boolean) =>
  SECTIONS.filter((section) => isOrganization || !section.isOrganizationOnly);

/** The section ids a structure's contract holds (the organization's roles only at one). */
export const contractSectionIds = (isOrganization: boolean): string[] =>
  sectionsFor(isOrganization).map((section) => section.id);

/** A new contract's title and sections, written for its structure. */
export function contractTemplate(structure: ContractStructure): {
  title: string;
  sections: ContractSectionText[];
} {
  const isOrganization = structure.organization !== '';
  return {
    title: isOrganization
      ? `Supervision contract: ${structure.traineeName} and ${structure.organization}`
      : `Supervision contract: ${structure.traineeName} and ${listNames(structure.supervisorNames)}`,
    sections: sectionsFor(isOrganization).map((section) => ({
      id: section.id,
      title: section.title,
      body: section.body(structure),
    })),
  };
}

/**
 * The ids of the sections a version still needs text in, in order: a version is signable only
 * when this is empty ("The contract should include:" every element).
 */
export function contractSectionsMissing(
  sections: readonly { id: string; body: string }[],
  isOrganization: boolean,
): string[] {
  return contractSectionIds(isOrganization).filter(
    (id) => !sections.some((section) => section.id === id && section.body.trim() !== ''),
  );
}
