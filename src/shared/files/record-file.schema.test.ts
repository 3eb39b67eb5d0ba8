import { describe, expect, it } from 'vitest';
import { fieldErrorsOf } from '../errors';
import { RecordFileFieldsSchema } from './record-file.schema';

const monthly = {
  form_type: 'Monthly',
  supervisor: '4',
  date: '2026-03-15',
  downloaded: 'true',
  signed: 'on',
  filled: true,
};

const errorsOf = (input: Record<string, unknown>) => {
  const parsed = RecordFileFieldsSchema.safeParse(input);
  return parsed.success ? {} : fieldErrorsOf(parsed.error);
};

describe('RecordFileFieldsSchema', () => {
  it('reads a monthly form as multipart sends it', () => {
    expect(RecordFileFieldsSchema.parse({ ...monthly, title: ' March ', user: '99' })).toEqual({
      formType: 'Monthly',
      traineeSupervisorId: 4,
      formDate: '2026-03-15',
      title: 'March',
      description: null,
      notes: '',
      fileName: undefined,
    });
  });

  it.each([
    ['a month', '2026-03', '2026-03-01'],
    ['a date', '2026-02-28', '2026-02-28'],
  ])('takes %s as the monthly form’s date', (_name, date, stored) => {
    expect(RecordFileFieldsSchema.parse({ ...monthly, date }).formDate).toBe(stored);
  });

  it('takes trainee_supervisor when supervisor is not sent, as JSON numbers', () => {
    const parsed = RecordFileFieldsSchema.parse({
      ...monthly,
      supervisor: undefined,
      trainee_supervisor: 7,
    });
    expect(parsed.traineeSupervisorId).toBe(7);
  });

  it('keeps a final form’s description and drops its date', () => {
    const parsed = RecordFileFieldsSchema.parse({
      ...monthly,
      form_type: 'Final',
      description: 'Whole period',
    });
    expect(parsed).toMatchObject({
      formType: 'Final',
      formDate: null,
      description: 'Whole period',
    });
  });

  it.each<[string, Record<string, unknown>, Record<string, string[]>]>([
    ['no supervisor chosen (0)', { supervisor: '0' }, { supervisor: ['*Required'] }],
    ['a monthly form without its date', { date: '' }, { date: ['*Required'] }],
    [
      'a date that does not exist',
      { date: '2026-02-30' },
      { date: ['Use the form YYYY-MM-DD or YYYY-MM'] },
    ],
    [
      'a final form without a description',
      { form_type: 'Final', description: '   ' },
      { description: ['*Required'] },
    ],
    [
      'unticked confirmations',
      { downloaded: 'false', signed: '', filled: false },
      { downloaded: ['*Required'], signed: ['*Required'], filled: ['*Required'] },
    ],
    ['an unknown form type', { form_type: 'Weekly' }, { form_type: ['*Required'] }],
    ['a supervisor that is not an id', { supervisor: 'abc' }, { supervisor: ['Not a valid id'] }],
    [
      'a title over 200 characters',
      { title: 'x'.repeat(201) },
      { title: ['Must be at most 200 characters'] },
    ],
    [
      'a control character in the notes',
      { notes: 'a\u0000b' },
      { notes: ['Must not contain control characters'] },
    ],
  ])('refuses %s', (_name, change, errors) => {
    expect(errorsOf({ ...monthly, ...change })).toEqual(errors);
  });
});
