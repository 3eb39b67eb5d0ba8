import { describe, expect, it } from 'vitest';
import type { FinalFormRow } from '../../../../shared/forms/final-form.schema';
import { createFinalForm, createFinalRow } from './final-form-row.fixture';
import {
  finalNextStep,
  finalRowKey,
  finalRowName,
  finalRowTitle,
  finalStateBadge,
  monthsCountText,
  periodChoices,
  periodText,
} from './final-form-status';

const row = createFinalRow;
const form = createFinalForm;

describe('final form status texts', () => {
  it('names a row by supervisor (or organization) and fieldwork type', () => {
    expect(finalRowTitle({ supervisor_name: 'Dana', organization: '', expereince_type: 2 })).toBe(
      'Dana · Concentrated supervised fieldwork',
    );
    expect(
      finalRowTitle({ supervisor_name: 'Dana', organization: 'Acme ABA', expereince_type: 3 }),
    ).toBe('Acme ABA (Dana signs) · Mixed fieldwork');
  });

  it('tells two experiences of one supervisor apart (Handbook "Fieldwork Verification Forms": a break starts a new one)', () => {
    const summer = row({ first_month: '2026-05', from_month: '2026-05', to_month: '2026-06' });
    expect([finalRowKey(row()), finalRowKey(summer)]).toEqual(['4:2026-01', '4:2026-05']);
    expect([finalRowName(row()), finalRowName(summer)]).toEqual([
      'Dana Supervisor · Supervised fieldwork, January 2026 – March 2026',
      'Dana Supervisor · Supervised fieldwork, May 2026 – June 2026',
    ]);
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
