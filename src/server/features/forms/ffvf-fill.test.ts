import { describe, expect, it } from 'vitest';
import type { FvfVariantId } from './fvf-fields';
import { readFvf } from './fvf-read';
import { fillFvfTemplate } from './fvf-template';
import {
  buildFvfTemplate,
  createFillInput,
  createFinalFillInput,
  type TemplateOptions,
} from './fvf-template.fixture';

/*
 * The final form (F-FVF) filled from a supervision period's figures, for each variant: who, the
 * period and its months, the hours (2022 decimal, 2027 hours and minutes with the observation
 * time), the percentage and the fieldwork-type box. Decision 013.
 */

const fill = async (
  id: FvfVariantId,
  options: TemplateOptions = {},
  input = createFinalFillInput(),
) => readFvf((await fillFvfTemplate(await buildFvfTemplate(id, options), input)).bytes);

const identity = {
  TRAINEE_NAME: 'Zoë Łukasz',
  TRAINEE_BACB_ID: '1-23-45678',
  TRAINEE_FIELDWORK_STATE: 'Oregon',
  TRAINEE_FIELDWORK_COUNTRY: 'United States',
  RESPONSIBLE_SUPERVISOR_NAME: 'Ana Núñez',
  RESPONSIBLE_SUPERVISOR_BACB_ID: '1-11-11111',
  FIELDWORK_START_DATE: '1/1/2026',
  FIELDWORK_END_DATE: '6/30/2026',
  NUMBER_OF_MONTHS: '5',
  PERCENT_HOURS_SUPERVISED: '11.1%',
  TRAINEE_SIGNATURE_DATE: '',
  SUPERVISOR_SIGNATURE_DATE: '',
};
const hours2022 = {
  INDEPENDENT_HOURS: '166.67',
  SUPERVISED_HOURS: '20.83',
  TOTAL_FIELDWORK: '187.50',
  CHECK_SUPERVISED_FIELDWORK: true,
  CHECK_CONCENTRATED_SUPERVISED_FIELDWORK: false,
};
const hours2027 = {
  Independent_Hours: '166',
  Independent_Minutes: '40',
  Supervised_Hours: '20',
  Supervised_Minutes: '50',
  Total_Fieldwork_Hours: '187',
  Total_Fieldwork_Minutes: '30',
  Observation_Hours: '4',
  Observation_Minutes: '5',
};

describe('fillFvfTemplate: the F-FVF of each variant', () => {
  it.each<[FvfVariantId, Record<string, string | boolean>]>([
    ['ffvf-2022-individual', hours2022],
    ['ffvf-2022-organization', { ...hours2022, ORGANIZATION_NAME: 'Acme Behavior Services' }],
    ['ffvf-2027-individual', hours2027],
    ['ffvf-2027-organization', { ...hours2027, ORGANIZATION_NAME: 'Acme Behavior Services' }],
  ])('fills the %s form with the period and its hours', async (id, expected) => {
    expect((await fill(id)).fields).toEqual({ ...identity, ...expected });
  });

  it('ticks the concentrated box for a concentrated period, with its actual hours', async () => {
    const input = createFinalFillInput({ experienceTypeId: 2 });
    expect((await fill('ffvf-2022-individual', {}, input)).fields).toMatchObject({
      CHECK_SUPERVISED_FIELDWORK: false,
      CHECK_CONCENTRATED_SUPERVISED_FIELDWORK: true,
      TOTAL_FIELDWORK: '187.50',
    });
    const widgets = await fill('ffvf-2022-individual', { concentratedBox: 'widgets' }, input);
    expect(widgets.fields.CHECK_SUPERVISED_FIELDWORK).toBe('Concentrated Supervised Fieldwork');
  });

  it('writes a one-month period from its first to its last day', async () => {
    const input = createFinalFillInput({ fromMonth: '2024-02', toMonth: '2024-02', months: 1 });
    expect((await fill('ffvf-2027-individual', {}, input)).fields).toMatchObject({
      FIELDWORK_START_DATE: '2/1/2024',
      FIELDWORK_END_DATE: '2/29/2024',
      NUMBER_OF_MONTHS: '1',
    });
  });

  it('puts a percentage below the minimum beside it, never on it', async () => {
    // 6 of 121 hours supervised is 4.96%: never written as 5.0%.
    const input = createFinalFillInput({
      independentMinutes: 115 * 60,
      supervisedMinutes: 6 * 60,
      totalMinutes: 121 * 60,
    });
    expect((await fill('ffvf-2022-individual', {}, input)).fields.PERCENT_HOURS_SUPERVISED).toBe(
      '4.96%',
    );
  });

  it('fills a template without the number of months', async () => {
    const { fields } = await fill('ffvf-2022-individual', { omit: ['NUMBER_OF_MONTHS'] });
    expect(fields.NUMBER_OF_MONTHS).toBeUndefined();
    expect(fields.FIELDWORK_END_DATE).toBe('6/30/2026');
  });

  it('refuses a month’s figures on an F-FVF and a period’s on an M-FVF', async () => {
    await expect(
      fillFvfTemplate(await buildFvfTemplate('ffvf-2022-individual'), createFillInput()),
    ).rejects.toThrow('This is the F-FVF 2022 (Individual); the M-FVF is needed here.');
    await expect(
      fillFvfTemplate(await buildFvfTemplate('mfvf-2022-individual'), createFinalFillInput()),
    ).rejects.toThrow('This is the M-FVF 2022 (Individual); the F-FVF is needed here.');
  });
});
