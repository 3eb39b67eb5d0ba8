import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { fvfVariant, FVF_VARIANTS } from './fvf-fields';
import { recogniseFvfTemplate } from './fvf-template';
import { buildFvfTemplate, type TemplateOptions } from './fvf-template.fixture';
import { FormTemplateError } from './forms.errors';

const refusal = async (template: Promise<Uint8Array> | Uint8Array) => {
  const error = await recogniseFvfTemplate(await template).catch((caught: unknown) => caught);
  if (!(error instanceof FormTemplateError)) throw new Error('expected a FormTemplateError');
  return error;
};

describe('FVF_VARIANTS, the one table of field names', () => {
  it('names the 2022 fields as the BACB form does', () => {
    const names = Object.values(fvfVariant('mfvf-2022-individual').fields).map((f) => f.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'TRAINEE_NAME',
        'TRAINEE_BACB_ID',
        'TRAINEE_CERTIFICATE_MONTH',
        'TRAINEE_CERTIFICATE_YEAR',
        'TRAINEE_FIELDWORK_STATE',
        'TRAINEE_FIELDWORK_COUNTRY',
        'RESPONSIBLE_SUPERVISOR_NAME',
        'RESPONSIBLE_SUPERVISOR_BACB_ID',
        'INDEPENDENT_HOURS',
        'SUPERVISED_HOURS',
        'TOTAL_FIELDWORK',
        'PERCENT_HOURS_SUPERVISED',
        'CHECK_SUPERVISED_FIELDWORK',
        'TRAINEE_SIGNATURE_DATE',
        'SUPERVISOR_SIGNATURE_DATE',
      ]),
    );
  });

  it('has one entry per form, edition and structure', () => {
    expect(FVF_VARIANTS.map((v) => [v.id, v.form, v.edition, v.structure])).toEqual([
      ['mfvf-2022-individual', 'monthly', '2022', 'individual'],
      ['mfvf-2022-organization', 'monthly', '2022', 'organization'],
      ['mfvf-2027-individual', 'monthly', '2027', 'individual'],
      ['mfvf-2027-organization', 'monthly', '2027', 'organization'],
      ['ffvf-2022-individual', 'final', '2022', 'individual'],
      ['ffvf-2022-organization', 'final', '2022', 'organization'],
      ['ffvf-2027-individual', 'final', '2027', 'individual'],
      ['ffvf-2027-organization', 'final', '2027', 'organization'],
    ]);
  });

  it('names the F-FVF period (unconfirmed names) and never the M-FVF month', () => {
    const names = Object.values(fvfVariant('ffvf-2027-organization').fields).map((f) => f.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'FIELDWORK_START_DATE',
        'FIELDWORK_END_DATE',
        'NUMBER_OF_MONTHS',
        'Observation_Minutes',
        'ORGANIZATION_NAME',
      ]),
    );
    expect(names.filter((name) => name.startsWith('TRAINEE_CERTIFICATE'))).toEqual([]);
  });
});

describe('recogniseFvfTemplate', () => {
  it.each(FVF_VARIANTS.map((variant) => variant.id))('recognises the %s form', async (id) => {
    expect((await recogniseFvfTemplate(await buildFvfTemplate(id))).id).toBe(id);
  });

  it.each<TemplateOptions>([
    { month: 'split' },
    { signatures: 'text' },
    { concentratedBox: 'widgets' },
    { concentratedBox: 'none' },
  ])('recognises a 2022 template laid out as %o', async (options) => {
    const variant = await recogniseFvfTemplate(
      await buildFvfTemplate('mfvf-2022-individual', options),
    );
    expect(variant.id).toBe('mfvf-2022-individual');
  });

  it('refuses a file that is not a PDF, as a 400', async () => {
    const error = await refusal(new TextEncoder().encode('<script>alert(1)</script>'));
    expect(error.status).toBe(400);
    expect(error.toBody()).toEqual({
      non_field_errors: [
        'This file is not a PDF that can be read. Upload the blank form as downloaded from the BACB.',
      ],
      code: 'FORM_TEMPLATE_INVALID',
    });
  });

  it('refuses a file that starts like a PDF but is not one, as a 400', async () => {
    const error = await refusal(new TextEncoder().encode('%PDF-1.7 not really'));
    expect(error.message).toMatch(/^This file is not a PDF that can be read\./);
  });

  it('refuses a PDF without fillable fields (a scan)', async () => {
    const doc = await PDFDocument.create();
    doc.addPage();
    const error = await refusal(doc.save());
    expect(error.message).toMatch(/^This PDF has no fillable fields\./);
  });

  it('refuses an unrelated form, naming what the closest form lacks', async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage();
    doc.getForm().createTextField('PATIENT_NAME').addToPage(page);
    const error = await refusal(doc.save());
    expect(error.message).toMatch(
      /^This PDF is not a monthly fieldwork verification form we recognise\. The closest is the M-FVF 2022 \(Individual\), but it lacks TRAINEE_NAME, /,
    );
  });

  it('names the one field a nearly right template lacks', async () => {
    const error = await refusal(
      buildFvfTemplate('mfvf-2022-individual', { omit: ['SUPERVISED_HOURS'] }),
    );
    expect(error.missing).toEqual(['SUPERVISED_HOURS']);
  });

  it('needs the month, in one field or as a month and a year', async () => {
    const error = await refusal(
      buildFvfTemplate('mfvf-2027-individual', {
        month: 'split',
        omit: ['TRAINEE_CERTIFICATE_YEAR'],
      }),
    );
    expect(error.missing).toEqual(['TRAINEE_CERTIFICATE_MONTH/YEAR']);
  });

  it('refuses a field of the wrong kind under an expected name', async () => {
    const template = buildFvfTemplate('mfvf-2022-individual', {
      omit: ['CHECK_SUPERVISED_FIELDWORK'],
      extra: ['CHECK_SUPERVISED_FIELDWORK'],
    });
    expect((await refusal(template)).missing).toEqual(['CHECK_SUPERVISED_FIELDWORK']);
  });

  it('refuses a template that fits two variants equally', async () => {
    const template = buildFvfTemplate('mfvf-2027-individual', { extra: ['Independent_Minutes 2'] });
    expect((await refusal(template)).message).toBe(
      'This PDF matches more than one form (M-FVF 2027 (Individual), M-FVF 2027 (Organization)); it cannot be filled safely.',
    );
  });
});

describe('recogniseFvfTemplate: the monthly and the final form are never taken for each other', () => {
  it('refuses an F-FVF that also carries the M-FVF month, naming it', async () => {
    const error = await refusal(
      buildFvfTemplate('ffvf-2022-individual', { extra: ['TRAINEE_CERTIFICATE_MONTH/YEAR'] }),
    );
    expect(error.message).toBe(
      'This PDF is not a final fieldwork verification form we recognise. The closest is the ' +
        'F-FVF 2022 (Individual), but it has TRAINEE_CERTIFICATE_MONTH/YEAR, which only the M-FVF has.',
    );
  });

  it('refuses an M-FVF that also carries the F-FVF period', async () => {
    const error = await refusal(
      buildFvfTemplate('mfvf-2027-individual', {
        extra: ['FIELDWORK_START_DATE', 'FIELDWORK_END_DATE'],
      }),
    );
    expect(error.message).toMatch(
      /^This PDF is not a monthly fieldwork verification form we recognise\. The closest is the M-FVF 2027 \(Individual\), but it has FIELDWORK_START_DATE, FIELDWORK_END_DATE, which only the F-FVF has\.$/,
    );
  });

  it('names the period field a nearly right F-FVF lacks', async () => {
    const error = await refusal(
      buildFvfTemplate('ffvf-2027-individual', { omit: ['FIELDWORK_END_DATE'] }),
    );
    expect(error.missing).toEqual(['FIELDWORK_END_DATE']);
    expect(error.message).toMatch(/^This PDF is not a final fieldwork verification form/);
  });

  it('reads an F-FVF without the number of months (an optional field)', async () => {
    const template = buildFvfTemplate('ffvf-2022-organization', { omit: ['NUMBER_OF_MONTHS'] });
    expect((await recogniseFvfTemplate(await template)).id).toBe('ffvf-2022-organization');
  });
});
