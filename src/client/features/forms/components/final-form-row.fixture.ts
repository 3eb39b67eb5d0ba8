import type { FinalFormRow } from '../../../../shared/forms/final-form.schema';

type Form = NonNullable<FinalFormRow['form']>;

/** A final forms row as GET /api/v1/final-forms/ answers it: Dana, January to March 2026. */
export const createFinalRow = (overrides: Partial<FinalFormRow> = {}): FinalFormRow => ({
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
  qualification_flags: [],
  ...overrides,
});

/** The live F-FVF of that row, filled and waiting for the supervisor. */
export const createFinalForm = (overrides: Partial<Form> = {}): Form => ({
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
  figures: createFinalRow().figures,
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
