import { describe, expect, it } from 'vitest';
import {
  firstAnniversary,
  isFirstYearMonth,
  monthQualificationFlags,
  monthsMissingConsultation,
  periodQualificationFlags,
  trainingFlagForContract,
  type QualificationFacts,
} from './qualification';

/** A supervisor's profile, as much of it as the rule reads. */
const facts = (overrides: Partial<QualificationFacts> = {}): QualificationFacts => ({
  name: 'Rhea Rowan',
  certifiedOn: '2025-03-15',
  trainingCompletedOn: '2025-01-10',
  consultationMonths: [],
  ...overrides,
});

const codes = (flags: readonly { code: string }[]) => flags.map((flag) => flag.code);

describe('firstAnniversary (Handbook, "Supervisor Qualifications": "certified for at least one year")', () => {
  it.each([
    ['2025-03-15', '2026-03-15'],
    ['2025-03-01', '2026-03-01'],
    ['2025-12-31', '2026-12-31'],
    // 29 February's first anniversary in a common year: a full year has passed on 1 March.
    ['2024-02-29', '2025-03-01'],
    ['2027-02-28', '2028-02-28'],
  ])('certified %s: one year on %s', (certifiedOn, anniversary) => {
    expect(firstAnniversary(certifiedOn)).toBe(anniversary);
  });
});

describe('isFirstYearMonth (Handbook, "Supervisor Qualifications": "certified for less than one year")', () => {
  it.each([
    // certified, month, in the first year
    ['2025-03-15', '2025-02', false], // before certification
    ['2025-03-15', '2025-03', true], // the month of certification
    ['2025-03-15', '2025-12', true],
    ['2025-03-15', '2026-03', true], // the anniversary inside the month: the 1st to the 14th
    ['2025-03-15', '2026-04', false],
    ['2025-03-01', '2026-02', true],
    ['2025-03-01', '2026-03', false], // the anniversary on the 1st: none of March is first-year
    ['2024-02-29', '2025-02', true],
    ['2024-02-29', '2025-03', false], // one year on 1 March 2025
    ['2025-03-31', '2026-03', true], // the anniversary on the month's last day
  ])('certified %s, %s: %s', (certifiedOn, month, expected) => {
    expect(isFirstYearMonth(certifiedOn, month)).toBe(expected);
  });
});

describe('trainingFlagForContract (Handbook, "Supervisor Qualifications": the 8-hour training "before signing a supervision contract")', () => {
  it.each([
    ['2025-05-01', '2025-05-02', null], // the day before
    ['2025-05-02', '2025-05-02', null], // the day of the contract counts as before it
    ['2025-05-03', '2025-05-02', 'training-after-contract'],
    [null, '2025-05-02', 'training-unknown'],
  ])('training %s, contract signed %s: %s', (trainingCompletedOn, signedOn, expected) => {
    const flag = trainingFlagForContract(facts({ trainingCompletedOn }), signedOn);
    expect(flag?.code ?? null).toBe(expected);
  });

  it('says both dates and the section when the training came after the contract', () => {
    const flag = trainingFlagForContract(
      facts({ trainingCompletedOn: '2025-05-03' }),
      '2025-05-02',
    );
    expect(flag?.message).toBe(
      'Rhea Rowan completed the 8-hour supervision training on 5/3/2025, after the contract was signed on 5/2/2025: it must be completed "before signing a supervision contract" (Handbook, "Supervisor Qualifications").',
    );
  });
});

describe('monthQualificationFlags (Handbook, "Supervisor Qualifications": "monthly consultation from a qualified consulting supervisor")', () => {
  it.each<[string, Partial<QualificationFacts>, string, string[]]>([
    ['a first-year month without a consultation', {}, '2025-06', ['consultation-missing']],
    ['a first-year month with one recorded', { consultationMonths: ['2025-06'] }, '2025-06', []],
    [
      'a consultation in another month only',
      { consultationMonths: ['2025-05'] },
      '2025-06',
      ['consultation-missing'],
    ],
    ['the anniversary inside the month (15 March)', {}, '2026-03', ['consultation-missing']],
    ['the month after the anniversary', {}, '2026-04', []],
    ['the anniversary on the 1st', { certifiedOn: '2025-03-01' }, '2026-03', []],
    [
      '29 February, the February after',
      { certifiedOn: '2024-02-29' },
      '2025-02',
      ['consultation-missing'],
    ],
    ['29 February, the March after', { certifiedOn: '2024-02-29' }, '2025-03', []],
    ['a month before certification', {}, '2025-02', ['not-certified']],
    ['certification unknown', { certifiedOn: null }, '2025-06', ['certification-unknown']],
    ['training unknown', { trainingCompletedOn: null }, '2026-06', ['training-unknown']],
    [
      'training after the month',
      { trainingCompletedOn: '2026-07-01' },
      '2026-06',
      ['training-after-month'],
    ],
    ['training on the month’s last day', { trainingCompletedOn: '2026-06-30' }, '2026-06', []],
    [
      'nothing on record',
      { certifiedOn: null, trainingCompletedOn: null },
      '2025-06',
      ['certification-unknown', 'training-unknown'],
    ],
  ])('%s', (_case, overrides, month, expected) => {
    expect(codes(monthQualificationFlags(facts(overrides), month))).toEqual(expected);
  });

  it('names the month, the reason and the section', () => {
    const [flag] = monthQualificationFlags(facts(), '2025-06');
    expect(flag?.message).toBe(
      'Rhea Rowan was in their first year of certification in June 2025 with no consultation recorded: a supervisor certified less than a year needs "monthly consultation from a qualified consulting supervisor" (Handbook, "Supervisor Qualifications").',
    );
  });
});

describe('monthsMissingConsultation (Handbook, "Supervisor Qualifications"; "Audits": "consulting supervisor meetings")', () => {
  it('lists the first-year months supervised without a consultation, once each, oldest first', () => {
    const missing = monthsMissingConsultation(facts({ consultationMonths: ['2025-05'] }), [
      '2026-03',
      '2025-05',
      '2025-02',
      '2026-04',
      '2025-07',
      '2025-07',
    ]);
    expect(missing).toEqual(['2025-07', '2026-03']);
  });

  it('lists nothing when the certification date is unknown (the profile says so instead)', () => {
    expect(monthsMissingConsultation(facts({ certifiedOn: null }), ['2025-06'])).toEqual([]);
  });
});

describe('periodQualificationFlags (Handbook, "Multiple Supervisors at One Organization": "for the entire duration of the M-FVF or F-FVF they sign")', () => {
  it('gives each month its own flag and a missing date once for the period', () => {
    const flags = periodQualificationFlags(
      facts({ trainingCompletedOn: null, consultationMonths: ['2025-07'] }),
      ['2025-06', '2025-07', '2025-08'],
    );
    expect(flags.map((flag) => [flag.code, flag.month])).toEqual([
      ['consultation-missing', '2025-06'],
      ['training-unknown', null],
      ['consultation-missing', '2025-08'],
    ]);
  });

  it('says the period when the certification date is unknown', () => {
    const flags = periodQualificationFlags(facts({ certifiedOn: null }), ['2025-06', '2025-08']);
    expect(flags).toEqual([
      {
        code: 'certification-unknown',
        month: null,
        message:
          'Rhea Rowan\'s BACB certification date is not in their profile, so June 2025 to August 2025 cannot be checked (Handbook, "Supervisor Qualifications").',
      },
    ]);
  });

  it('keeps the month of a one-month form', () => {
    const flags = periodQualificationFlags(facts({ certifiedOn: null }), ['2025-06']);
    expect(flags.map((flag) => [flag.code, flag.month])).toEqual([
      ['certification-unknown', '2025-06'],
    ]);
  });

  it('is empty for a qualified supervisor', () => {
    expect(periodQualificationFlags(facts(), ['2026-05', '2026-06'])).toEqual([]);
  });
});
