import { describe, expect, it } from 'vitest';
import type { FinalFormRow } from '../../../../shared/forms/final-form.schema';
import {
  finalNextStep,
  finalRowTitle,
  finalStateBadge,
  monthsCountText,
  periodChoices,
  periodText,
} from './final-form-status';

const row = (overrides: Partial<FinalFormRow> = {}): FinalFormRow => ({
  trainee_supervisor: 4,
  supervisor_name: 'Dana Supervisor',
  organization: '',
  expereince_type: 1,
  first_month: '2026-01',
  last_month: '2026-03',
  from_month: '2026-01',
  to_month: '2026-03',
  figures: {
    independent_hours: 80,
    supervised_hours: 40,
    total_hours: 120,
    observation_minutes: 60,
    percent_supervised: 33.3,
  },
  months: 2,
  adjustments: [],
  is_period_over: true,
  is_outdated: false,
  form: null,
  ...overrides,
});

type Form = NonNullable<FinalFormRow['form']>;
const form = (overrides: Partial<Form> = {}): Form => ({
  id: 9,
  user: 1,
  trainee_supervisor: 4,
  supervisor_name: 'Dana Supervisor',
  organization: '',
  expereince_type: 1,
  variant: 'ffvf-2022-individual',
  variant_label: 'F-FVF 2022 (Individual)',
  edition: '2022',
  signers: ['supervisor'],
  template: { source: 'folder', sha256: 'ab12' },
  figures: row().figures,
  trainee_signature: null,
  supervisor_signature: null,
  completed_on: null,
  is_complete: false,
  record_file: null,
  document: '/files/x.pdf',
  created_at: '2026-04-10T12:00:00.000Z',
  voided_at: null,
  from_month: '2026-01',
  to_month: '2026-03',
  months: 2,
  ...overrides,
});

describe('final form status texts', () => {
  it('names a row by supervisor (or organization) and fieldwork type', () => {
    expect(finalRowTitle({ supervisor_name: 'Dana', organization: '', expereince_type: 2 })).toBe(
      'Dana · Concentrated supervised fieldwork',
    );
    expect(
      finalRowTitle({ supervisor_name: 'Dana', organization: 'Acme ABA', expereince_type: 3 }),
    ).toBe('Acme ABA (Dana signs) · Mixed fieldwork');
  });

  it.each([
    ['2026-01', '2026-03', 'January 2026 – March 2026'],
    ['2026-03', '2026-03', 'March 2026'],
  ])('says the period %s to %s as %j', (from, to, text) => {
    expect(periodText(from, to)).toBe(text);
  });

  it.each([
    [0, 'No month counts'],
    [1, '1 month counts'],
    [5, '5 months count'],
  ])('says %i months as %j', (months, text) => {
    expect(monthsCountText(months)).toBe(text);
  });

  it('offers every month from the first with hours to the last one over, and the form’s own', () => {
    expect(periodChoices(row())).toEqual(['2026-01', '2026-02', '2026-03']);
    expect(
      periodChoices(row({ from_month: '2025-12', last_month: null, to_month: '2026-01' })),
    ).toEqual(['2025-12', '2026-01']);
  });

  it.each<[string, Partial<FinalFormRow>, string]>([
    ['a period still going on', { is_period_over: false, last_month: null }, 'In progress'],
    ['no form yet', {}, 'Not filled'],
    ['a form waiting for the supervisor', { form: form() }, 'Awaiting the supervisor'],
    ['a form whose hours changed', { form: form(), is_outdated: true }, 'Fill again'],
    ['a signed form', { form: form({ is_complete: true }) }, 'Signed'],
  ])('labels %s %j', (_case, overrides, label) => {
    expect(finalStateBadge(row(overrides)).label).toBe(label);
  });

  it.each<[string, Partial<FinalFormRow>, 'trainee' | 'supervisor', string | null]>([
    [
      'a period still going on',
      { is_period_over: false },
      'trainee',
      'Can be filled from 2/1/2026.',
    ],
    ['no form, to the trainee', {}, 'trainee', null],
    ['no form, to the supervisor', {}, 'supervisor', 'The trainee has not filled this form yet.'],
    [
      'a form waiting for the supervisor, to the trainee',
      { form: form() },
      'trainee',
      "Waiting for Dana Supervisor's signature: only the responsible supervisor signs the F-FVF, and you keep it.",
    ],
    [
      'a form waiting for the supervisor, to them',
      { form: form() },
      'supervisor',
      'Waiting for your signature: only the responsible supervisor signs the F-FVF.',
    ],
    [
      'an outdated form',
      { form: form(), is_outdated: true },
      'trainee',
      'The hours of this period changed since the form was filled: fill it again before signing.',
    ],
    [
      'a complete form',
      { form: form({ is_complete: true, completed_on: '2026-04-11' }) },
      'trainee',
      'Signed by the supervisor on 4/11/2026.',
    ],
  ])('tells the next step for %s', (_case, overrides, party, text) => {
    expect(finalNextStep(row(overrides), party)).toBe(text);
  });
});
