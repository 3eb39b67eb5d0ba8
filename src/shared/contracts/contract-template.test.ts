import { describe, expect, it } from 'vitest';
import {
  CONTRACT_SECTION_GUIDE,
  CONTRACT_SECTION_IDS,
  contractSectionIds,
  contractSectionsMissing,
  contractTemplate,
} from './contract-template';

const individual = { traineeName: 'Zoë Łukasz', supervisorNames: ['Ana Núñez'], organization: '' };
const organization = {
  traineeName: 'Zoë Łukasz',
  supervisorNames: ['Ana Núñez', 'Lee Park', 'Rhea Rowan'],
  organization: 'Acme ABA',
};

/** Each element of the Handbook's "Supervision Contract" list, and the section that holds it. */
const HANDBOOK_ELEMENTS: [string, string, RegExp][] = [
  [
    'responsibilities of the supervisor(s) and trainee',
    'responsibilities',
    /8-hour supervision training/,
  ],
  [
    'each supervisor’s roles, responsibilities, and expectations',
    'organization-roles',
    /completes and signs/,
  ],
  ['activities and training objectives individualized to the trainee', 'activities', /^$/],
  ['will not sign the trainee’s M-FVF and F-FVF', 'signature-conditions', /will not sign/],
  ['proper termination of the relationship', 'consequences', /termination date/],
  [
    'written permission from their on-site employer or manager',
    'employer-permission',
    /written permission/,
  ],
  ['adhere to the Code', 'code', /Ethics Code/],
  [
    'for at least seven years from the date of the final supervision meeting',
    'records',
    /seven years/,
  ],
  ['provide all documentation to the BACB if requested', 'records', /to the BACB if requested/],
];

describe('the contract template (Handbook, "Supervision Contract": "The contract should include:")', () => {
  it.each(HANDBOOK_ELEMENTS)('holds the element “%s” in its section %s', (words, id, text) => {
    expect(CONTRACT_SECTION_GUIDE[id]?.handbook).toContain(words);
    const section = contractTemplate(organization).sections.find((item) => item.id === id);
    expect(section?.body).toMatch(text);
  });

  it('gives every section a title, and its ids once each, in a fixed order', () => {
    expect(new Set(CONTRACT_SECTION_IDS).size).toBe(CONTRACT_SECTION_IDS.length);
    expect(CONTRACT_SECTION_IDS[0]).toBe('parties');
    for (const section of contractTemplate(organization).sections) {
      expect(section.title.length).toBeGreaterThan(5);
    }
  });

  it('writes an individual supervisor’s contract for the two of them, without the organization’s roles', () => {
    const template = contractTemplate(individual);
    expect(template.title).toBe('Supervision contract: Zoë Łukasz and Ana Núñez');
    expect(template.sections.map((section) => section.id)).toEqual(contractSectionIds(false));
    expect(template.sections.map((section) => section.id)).not.toContain('organization-roles');
    expect(template.sections[0]?.body).toContain('Zoë Łukasz (the trainee) and Ana Núñez');
  });

  it('writes an organization’s contract listing each supervisor’s roles ("it must outline each supervisor’s roles")', () => {
    const template = contractTemplate(organization);
    expect(template.title).toBe('Supervision contract: Zoë Łukasz and Acme ABA');
    const roles = template.sections.find((section) => section.id === 'organization-roles');
    for (const name of organization.supervisorNames) expect(roles?.body).toContain(`${name}: role`);
    expect(template.sections[0]?.body).toContain('Ana Núñez, Lee Park and Rhea Rowan');
  });
});

describe('contractSectionsMissing (a version is signable only when every element has its text)', () => {
  const filled = (isOrganization: boolean) =>
    contractSectionIds(isOrganization).map((id) => ({ id, body: `Text of ${id}` }));

  it.each([
    [
      'the template as drafted: the activities ask to be individualized',
      contractTemplate(individual).sections,
      false,
      ['activities'],
    ],
    ['every section written', filled(false), false, []],
    [
      'a section of spaces only',
      filled(false).map((s) => (s.id === 'code' ? { ...s, body: '  \n ' } : s)),
      false,
      ['code'],
    ],
    ['a section left out', filled(false).filter((s) => s.id !== 'records'), false, ['records']],
    ['an organization without its roles', filled(false), true, ['organization-roles']],
    ['an organization with everything', filled(true), true, []],
  ])('%s', (_case, sections, isOrganization, missing) => {
    expect(contractSectionsMissing(sections, isOrganization)).toEqual(missing);
  });
});
