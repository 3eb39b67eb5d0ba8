import { describe, expect, it } from 'vitest';
import type { RecordFile } from '../../../../shared/files/record-file.schema';
import {
  monthChoices,
  recordFormDefaults,
  recordFormErrors,
  toRecordFields,
  type RecordFormValues,
} from './record-form-values';

const pdf = { name: 'march.pdf' } as File;

const monthly: RecordFormValues = {
  form_type: 'Monthly',
  supervisor: '4',
  date: '2026-03',
  title: 'March',
  description: '',
  notes: '',
  filled: true,
  downloaded: true,
  signed: true,
  document: pdf,
};

const stored: RecordFile = {
  id: 9,
  title: 'Final form',
  document: '/api/v1/storage/object/?token=x',
  user: 3,
  notes: 'Signed in person',
  supervisor: 4,
  trainee_supervisor: 4,
  supervisor_name: 'Dana Reyes',
  form_type: 'Final',
  description: 'The whole period',
  date: null,
  month: null,
  fileName: 'final.pdf',
  content_type: 'application/pdf',
  size: 1200,
  downloaded: true,
  signed: true,
  filled: true,
  signed_in_app: false,
  paper_form: false,
  created_at: '2026-04-01T10:00:00.000Z',
  updated_at: '2026-04-01T10:00:00.000Z',
  deleted_at: null,
};

describe('recordFormErrors', () => {
  it('accepts a complete monthly form', () => {
    expect(recordFormErrors(monthly, true)).toEqual({});
  });

  it.each<[string, Partial<RecordFormValues>, boolean, Record<string, string[]>]>([
    ['no file on a new form', { document: null }, true, { document: ['*Required'] }],
    ['no new file on an edit', { document: null }, false, {}],
    ['no supervisor', { supervisor: '' }, true, { supervisor: ['*Required'] }],
    ['a monthly form without its month', { date: '' }, true, { date: ['*Required'] }],
    [
      'a final form without a description',
      { form_type: 'Final', description: ' ' },
      true,
      { description: ['*Required'] },
    ],
    ['a final form with one', { form_type: 'Final', description: 'All of it', date: '' }, true, {}],
    [
      'the three confirmations unticked',
      { filled: false, downloaded: false, signed: false },
      true,
      { filled: ['*Required'], downloaded: ['*Required'], signed: ['*Required'] },
    ],
  ])('says what is missing: %s', (_name, change, isFileRequired, errors) => {
    expect(recordFormErrors({ ...monthly, ...change }, isFileRequired)).toEqual(errors);
  });
});

describe('toRecordFields', () => {
  it('sends a monthly form’s month and not its description', () => {
    expect(toRecordFields({ ...monthly, description: 'left over' })).toEqual({
      form_type: 'Monthly',
      supervisor: '4',
      date: '2026-03',
      title: 'March',
      notes: '',
      filled: 'true',
      downloaded: 'true',
      signed: 'true',
    });
  });

  it('sends a final form’s description and not a month', () => {
    const fields = toRecordFields({ ...monthly, form_type: 'Final', description: 'All of it' });
    expect(fields.description).toBe('All of it');
    expect(fields).not.toHaveProperty('date');
  });
});

describe('recordFormDefaults', () => {
  it('starts a new monthly form on last month with the only supervisor', () => {
    expect(recordFormDefaults({ mode: 'create', formType: 'Monthly' }, '2026-01', ['4'])).toEqual({
      ...monthly,
      date: '2025-12',
      title: '',
      filled: false,
      downloaded: false,
      signed: false,
      document: null,
    });
  });

  it('leaves the supervisor to choose when there are several', () => {
    const values = recordFormDefaults({ mode: 'create', formType: 'Final' }, '2026-01', ['4', '5']);
    expect(values).toMatchObject({ form_type: 'Final', supervisor: '' });
  });

  it('fills an edit from the stored form, without a file', () => {
    expect(recordFormDefaults({ mode: 'edit', file: stored }, '2026-05', [])).toEqual({
      form_type: 'Final',
      supervisor: '4',
      date: '2026-04',
      title: 'Final form',
      description: 'The whole period',
      notes: 'Signed in person',
      filled: true,
      downloaded: true,
      signed: true,
      document: null,
    });
  });
});

describe('monthChoices', () => {
  it('offers this month first, then five years back', () => {
    const choices = monthChoices('2026-02');
    expect(choices.slice(0, 3)).toEqual([
      { value: '2026-02', label: 'February 2026' },
      { value: '2026-01', label: 'January 2026' },
      { value: '2025-12', label: 'December 2025' },
    ]);
    expect(choices).toHaveLength(60);
    expect(choices.at(-1)?.value).toBe('2021-03');
  });

  it('keeps an older stored month', () => {
    expect(monthChoices('2026-02', '2019-06').at(-1)).toEqual({
      value: '2019-06',
      label: 'June 2019',
    });
  });
});
