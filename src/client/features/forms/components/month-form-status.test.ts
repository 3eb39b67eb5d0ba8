import { describe, expect, it } from 'vitest';
import type { MonthFormRow } from '../../../../shared/forms/month-form.schema';
import {
  daysLeftText,
  deadlineText,
  formatFormHours,
  hoursStatusText,
  lateSigningText,
  paperFormText,
  reviewText,
  rowTitle,
  stateBadge,
  templateFingerprint,
  templateText,
} from './month-form-status';

describe('month form status texts', () => {
  it.each([
    [12, '12 days left'],
    [1, '1 day left'],
    [0, 'Due today'],
    [-1, '1 day overdue'],
    [-5, '5 days overdue'],
  ])('says %i days remaining as %j', (days, text) => {
    expect(daysLeftText(days)).toBe(text);
  });

  it.each([
    ['signed', 'Signed'],
    ['signed-late', 'Signed late'],
    ['open', 'Open'],
    ['overdue', 'At risk'],
  ] as const)('labels the %s state %j', (state, label) => {
    expect(stateBadge(state).label).toBe(label);
  });

  it('shows hours to two places at most', () => {
    expect(formatFormHours(12.5)).toBe('12.5');
    expect(formatFormHours(1 / 3)).toBe('0.33');
  });

  it('names a row by month, supervisor (or organization) and fieldwork type', () => {
    const row = { month: '2026-03', supervisor_name: 'Dana', expereince_type: 2 };
    expect(rowTitle({ ...row, organization: '' })).toBe(
      'March 2026 · Dana · Concentrated supervised fieldwork',
    );
    expect(rowTitle({ ...row, organization: 'Acme ABA' })).toBe(
      'March 2026 · Acme ABA (Dana signs) · Concentrated supervised fieldwork',
    );
  });

  it.each<[MonthFormRow['state'], number, number, string | null]>([
    ['signed-late', 10, 0, 'Signed late: hours lost: 10 h'],
    ['overdue', 0, 83, 'At risk: 83 h not counted until a signed form is recorded'],
    ['signed', 0, 0, null],
    ['open', 0, 0, null],
  ])('says what a %s form does to its hours', (state, lost, atRisk, text) => {
    const row = { state, lost_hours: lost, at_risk_hours: atRisk } as MonthFormRow;
    expect(hoursStatusText(row)).toBe(text);
  });

  it('says a form signed on paper with its date', () => {
    const row = {
      form: null,
      paper_form: { signed_on: '2026-10-30', confirmation: 'declared' },
      deadline: '2026-10-31',
      days_remaining: -28,
    } as unknown as MonthFormRow;
    expect(deadlineText(row)).toBe('Signed on paper on 10/30/2026');
  });

  it.each([
    ['declared', 'declared by the trainee, not yet confirmed by Ana Núñez'],
    ['confirmed', 'confirmed by Ana Núñez on 12/1/2026'],
    ['rejected', 'rejected by Ana Núñez on 12/1/2026: not on that date'],
  ] as const)('says where a %s paper form stands (issue 36)', (confirmation, text) => {
    const paper = {
      signed_on: '2026-10-30',
      supervisor_name: 'Ana Núñez',
      confirmation,
      answered_at: confirmation === 'declared' ? null : '2026-12-01T15:00:00.000Z',
      answered_by: confirmation === 'declared' ? null : 'Ana Núñez',
      rejection_reason: confirmation === 'rejected' ? 'not on that date' : null,
    };
    const row = { paper_form: paper } as unknown as MonthFormRow;
    expect(paperFormText(row)).toBe(`Paper form signed 10/30/2026: ${text}`);
  });

  it('signs nothing with a rejected paper form: the deadline line stays', () => {
    const row = {
      form: null,
      paper_form: { signed_on: '2026-10-30', confirmation: 'rejected' },
      deadline: '2026-10-31',
      days_remaining: -28,
    } as unknown as MonthFormRow;
    expect(deadlineText(row)).toBe('Sign by 10/31/2026 · 28 days overdue');
  });

  it.each<[string, Partial<MonthFormRow>, 'trainee' | 'supervisor', string | null]>([
    [
      'a month signed off',
      { signed_off: { signed_at: '2026-12-01T15:00:00.000Z', signed_by: 'Ana Núñez' } },
      'trainee',
      'Month signed off by Ana Núñez on 2026-12-01T15:00:00.000Z: its logs are locked.',
    ],
    [
      'logs waiting, to the trainee',
      { logs_waiting: { pending: 20, flagged: 1 } },
      'trainee',
      '21 logs are not approved yet (20 pending, 1 flagged): Ana Núñez approves them before signing.',
    ],
    [
      'logs waiting, to the supervisor',
      { logs_waiting: { pending: 1, flagged: 0 } },
      'supervisor',
      'Review first: 1 log is not approved yet (1 pending). Approve them before you sign; your signature signs the month off.',
    ],
    ['every log approved, not signed off yet', {}, 'supervisor', null],
    [
      'a month not over yet',
      { logs_waiting: { pending: 3, flagged: 0 }, is_month_over: false },
      'trainee',
      null,
    ],
  ])('says where the logs stand: %s (issue 36)', (_, overrides, party, text) => {
    const row = {
      logs_waiting: { pending: 0, flagged: 0 },
      signed_off: null,
      supervisor_name: 'Ana Núñez',
      is_month_over: true,
      ...overrides,
    };
    expect(reviewText(row, party, (iso) => iso)).toBe(text);
  });

  it.each<[MonthFormRow['state'], 'trainee' | 'supervisor', string | null]>([
    [
      'overdue',
      'trainee',
      'The deadline was 11/30/2026. A form signed now is signed late: its 97 h, at risk today, are lost for good. If it was signed on paper by 11/30/2026, record that paper form instead: its hours count.',
    ],
    [
      'overdue',
      'supervisor',
      'The deadline was 11/30/2026. A form signed now is signed late: its 97 h, at risk today, are lost for good. If it was signed on paper by 11/30/2026, the trainee records that paper form instead: its hours count.',
    ],
    ['open', 'trainee', null],
    ['signed', 'supervisor', null],
    ['signed-late', 'trainee', null],
  ])('says what signing a %s form costs the %s (issue 36)', (state, party, text) => {
    const row = { state, deadline: '2026-11-30', at_risk_hours: state === 'overdue' ? 97 : 0 };
    expect(lateSigningText(row, party)).toBe(text);
  });
});

// Issue 36: "your own upload … · 943e0124" was written for operators.
describe('templateText', () => {
  const form = (source: 'folder' | 'upload') => ({
    template: { source, sha256: '943e0124aa' },
    variant_label: 'M-FVF 2022 (Individual)',
  });

  it.each<['folder' | 'upload', 'trainee' | 'supervisor', string]>([
    ['upload', 'trainee', 'Filled from the blank M-FVF 2022 (Individual) you installed'],
    ['upload', 'supervisor', 'Filled from the blank M-FVF 2022 (Individual) the trainee installed'],
    [
      'folder',
      'trainee',
      'Filled from the blank M-FVF 2022 (Individual) installed on this server for everyone',
    ],
  ])('a blank from %s, read by the %s', (source, party, text) => {
    expect(templateText(form(source), party)).toBe(text);
    expect(templateFingerprint(form(source))).toBe('SHA-256 of the blank: 943e0124aa');
  });
});
