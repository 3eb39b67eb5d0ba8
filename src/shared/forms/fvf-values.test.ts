import { describe, expect, it } from 'vitest';
import {
  formatFormHours,
  formatPercentSupervised,
  formMonthValues,
  fvfHoursValues,
  monthlyFvfFigures,
  splitHoursAndMinutes,
  type FvfFigures,
  type FvfLogRow,
} from './fvf-values';
import { createFvfLog } from './fvf-log.factory';

const HOUR = 60;

const unsupervised = (overrides: Partial<FvfLogRow> = {}) =>
  createFvfLog({ supervisedMinutes: 0, individualOrGroup: 'No supervision', ...overrides });

const figures = (overrides: Partial<FvfFigures> = {}): FvfFigures => ({
  traineeSupervisorId: 7,
  experienceTypeId: 1,
  independentMinutes: 0,
  supervisedMinutes: 0,
  totalMinutes: 0,
  observationMinutes: 0,
  ...overrides,
});

describe('monthlyFvfFigures: one form per supervisor and fieldwork type', () => {
  it('adds up the actual hours of the month, independent being the unsupervised rest', () => {
    const logs = [
      createFvfLog(),
      createFvfLog({ dateOfExperience: '2026-03-31', individualOrGroup: 'Group' }),
      createFvfLog({ clientObservation: 'Yes', observationMinutes: 45 }),
      unsupervised({ experienceMinutes: 130 }),
      createFvfLog({ dateOfExperience: '2026-02-28' }), // another month
      createFvfLog({ dateOfExperience: '2026-04-01' }),
    ];
    expect(monthlyFvfFigures(logs, '2026-03')).toEqual([
      {
        month: '2026-03',
        traineeSupervisorId: 7,
        experienceTypeId: 1,
        independentMinutes: 3 * 4 * HOUR + 130,
        supervisedMinutes: 3 * HOUR,
        totalMinutes: 15 * HOUR + 130,
        observationMinutes: 45,
      },
    ]);
  });

  it('reports concentrated hours as logged, never multiplied by 1.33', () => {
    const [form] = monthlyFvfFigures([createFvfLog({ experienceTypeId: 2 })], '2026-03');
    expect(form).toMatchObject({ experienceTypeId: 2, totalMinutes: 5 * HOUR });
  });

  it('splits by supervisor, then by fieldwork type, in a stable order', () => {
    const logs = [
      createFvfLog({ traineeSupervisorId: 9, experienceTypeId: 2 }),
      createFvfLog({ traineeSupervisorId: 3 }),
      createFvfLog({ traineeSupervisorId: 9 }),
      unsupervised({ traineeSupervisorId: 9, experienceTypeId: 2 }),
    ];
    const forms = monthlyFvfFigures(logs, '2026-03');
    expect(forms.map((f) => [f.traineeSupervisorId, f.experienceTypeId, f.totalMinutes])).toEqual([
      [3, 1, 5 * HOUR],
      [9, 1, 5 * HOUR],
      [9, 2, 10 * HOUR],
    ]);
  });

  it('has no form for a month without logs', () => {
    expect(monthlyFvfFigures([createFvfLog()], '2026-05')).toEqual([]);
  });
});

describe('fvfHoursValues: the 2022 forms (decimal hours)', () => {
  it.each([
    ['no hours', 0, 0, { i: '0.00', s: '0.00', t: '0.00', p: '0.0%' }],
    ['whole hours', 95 * HOUR, 5 * HOUR, { i: '95.00', s: '5.00', t: '100.00', p: '5.0%' }],
    ['a third of an hour each', 20, 20, { i: '0.33', s: '0.33', t: '0.66', p: '50.0%' }],
    ['ten minutes each', 10, 10, { i: '0.17', s: '0.17', t: '0.34', p: '50.0%' }],
    ['a percentage with one decimal', 1110, 90, { i: '18.50', s: '1.50', t: '20.00', p: '7.5%' }],
    [
      'a failing 4.96% never shown as 5.0%',
      115 * HOUR,
      6 * HOUR,
      { i: '115.00', s: '6.00', t: '121.00', p: '4.96%' },
    ],
  ])('%s', (_, independent, supervised, shown) => {
    const values = fvfHoursValues(
      figures({
        independentMinutes: independent,
        supervisedMinutes: supervised,
        totalMinutes: independent + supervised,
      }),
      '2022',
    );
    expect(values).toEqual({
      edition: '2022',
      independentHours: shown.i,
      supervisedHours: shown.s,
      totalFieldwork: shown.t,
      percentSupervised: shown.p,
    });
  });
});

describe('fvfHoursValues: the 2027 forms (hours and minutes, observation time)', () => {
  it('splits every duration into whole hours and the minutes left over', () => {
    const values = fvfHoursValues(
      figures({
        independentMinutes: 1115,
        supervisedMinutes: 65,
        totalMinutes: 1180,
        observationMinutes: 90,
      }),
      '2027',
    );
    expect(values).toEqual({
      edition: '2027',
      independent: { hours: '18', minutes: '35' },
      supervised: { hours: '1', minutes: '5' },
      total: { hours: '19', minutes: '40' },
      observation: { hours: '1', minutes: '30' },
      percentSupervised: '5.5%',
    });
  });

  it('shows a month without hours as zeros', () => {
    expect(fvfHoursValues(figures(), '2027')).toMatchObject({
      independent: { hours: '0', minutes: '0' },
      total: { hours: '0', minutes: '0' },
      observation: { hours: '0', minutes: '0' },
      percentSupervised: '0.0%',
    });
  });

  it('measures the percentage against the 2027 concentrated minimum of 7.5%', () => {
    // 7.46% fails 7.5%: one decimal would show '7.5%', so it gets the decimals it needs.
    const shown = formatPercentSupervised(
      { experienceTypeId: 2, supervisedMinutes: 746, totalMinutes: 10_000 },
      '2027',
    );
    expect(shown).toBe('7.46%');
    const sameUnder2022 = formatPercentSupervised(
      { experienceTypeId: 2, supervisedMinutes: 746, totalMinutes: 10_000 },
      '2022',
    );
    expect(sameUnder2022).toBe('7.5%');
  });
});

describe('rounding fractional minutes', () => {
  it.each([
    [59.6, { hours: '1', minutes: '0' }], // never '0 h 60 min'
    [59.4, { hours: '0', minutes: '59' }],
    [0.4, { hours: '0', minutes: '0' }],
    [-3, { hours: '0', minutes: '0' }],
    [6000, { hours: '100', minutes: '0' }],
  ])('%d minutes are %o', (minutes, split) => {
    expect(splitHoursAndMinutes(minutes)).toEqual(split);
  });

  it.each([
    [59.6, '1.00'],
    [1, '0.02'],
    [10, '0.17'],
    [45, '0.75'],
  ])('%d minutes are %s decimal hours', (minutes, hours) => {
    expect(formatFormHours(minutes)).toBe(hours);
  });

  it('rounds fractional log minutes before the month is split', () => {
    const [form] = monthlyFvfFigures(
      [createFvfLog({ experienceMinutes: 120.4, supervisedMinutes: 59.6 })],
      '2026-03',
    );
    expect(form).toMatchObject({
      supervisedMinutes: 60,
      independentMinutes: 60,
      totalMinutes: 120,
    });
  });
});

describe('formMonthValues', () => {
  it('writes the month with two digits', () => {
    expect(formMonthValues('2026-03')).toEqual({ month: '03', year: '2026', monthYear: '03/2026' });
  });
});
