import { PDFDict, PDFDocument, PDFName, PDFString, PDFTextField } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { FvfVariantId } from './fvf-fields';
import { readFvf } from './fvf-read';
import { fillFvfTemplate } from './fvf-template';
import { buildFvfTemplate, createFillInput, type TemplateOptions } from './fvf-template.fixture';
import { FormTemplateError } from './forms.errors';

const fill = async (id: FvfVariantId, options: TemplateOptions = {}, input = createFillInput()) =>
  readFvf((await fillFvfTemplate(await buildFvfTemplate(id, options), input)).bytes);

describe('fillFvfTemplate: the values of each variant', () => {
  const identity2022 = {
    TRAINEE_NAME: 'Zoë Łukasz',
    TRAINEE_BACB_ID: '1-23-45678',
    'TRAINEE_CERTIFICATE_MONTH/YEAR': '03/2026',
    TRAINEE_FIELDWORK_STATE: 'Oregon',
    TRAINEE_FIELDWORK_COUNTRY: 'United States',
    RESPONSIBLE_SUPERVISOR_NAME: 'Ana Núñez',
    RESPONSIBLE_SUPERVISOR_BACB_ID: '1-11-11111',
    PERCENT_HOURS_SUPERVISED: '7.5%',
    TRAINEE_SIGNATURE_DATE: '',
    SUPERVISOR_SIGNATURE_DATE: '',
  };
  const hours2022 = {
    INDEPENDENT_HOURS: '18.50',
    SUPERVISED_HOURS: '1.50',
    TOTAL_FIELDWORK: '20.00',
  };
  const hours2027 = {
    Independent_Hours: '18',
    Independent_Minutes: '30',
    Supervised_Hours: '1',
    Supervised_Minutes: '30',
    Total_Fieldwork_Hours: '20',
    Total_Fieldwork_Minutes: '0',
    Observation_Hours: '1',
  };

  it.each<[FvfVariantId, Record<string, string | boolean>]>([
    [
      'mfvf-2022-individual',
      {
        ...hours2022,
        CHECK_SUPERVISED_FIELDWORK: true,
        CHECK_CONCENTRATED_SUPERVISED_FIELDWORK: false,
      },
    ],
    [
      'mfvf-2022-organization',
      {
        ...hours2022,
        ORGANIZATION_NAME: 'Acme Behavior Services',
        CHECK_SUPERVISED_FIELDWORK: true,
        CHECK_CONCENTRATED_SUPERVISED_FIELDWORK: false,
      },
    ],
    ['mfvf-2027-individual', { ...hours2027, 'Independent_Minutes 3': '15' }],
    [
      'mfvf-2027-organization',
      { ...hours2027, 'Independent_Minutes 2': '15', ORGANIZATION_NAME: 'Acme Behavior Services' },
    ],
  ])('fills the %s form', async (id, expected) => {
    expect((await fill(id)).fields).toEqual({ ...identity2022, ...expected });
  });

  it('writes a month without hours as zeros', async () => {
    const empty = {
      independentMinutes: 0,
      supervisedMinutes: 0,
      totalMinutes: 0,
      observationMinutes: 0,
    };
    const input = createFillInput(empty);
    expect((await fill('mfvf-2022-individual', {}, input)).fields).toMatchObject({
      INDEPENDENT_HOURS: '0.00',
      TOTAL_FIELDWORK: '0.00',
      PERCENT_HOURS_SUPERVISED: '0.0%',
    });
    expect((await fill('mfvf-2027-individual', {}, input)).fields).toMatchObject({
      Total_Fieldwork_Hours: '0',
      Total_Fieldwork_Minutes: '0',
      'Independent_Minutes 3': '0',
    });
  });

  it('writes the month in a month and a year field when the template splits it', async () => {
    const { fields } = await fill('mfvf-2022-individual', { month: 'split' });
    expect([fields.TRAINEE_CERTIFICATE_MONTH, fields.TRAINEE_CERTIFICATE_YEAR]).toEqual([
      '03',
      '2026',
    ]);
  });

  it('keeps the fraction in a field formatted by AFPercent_Format, showing the percentage', async () => {
    const { fields } = await fill('mfvf-2022-individual', { percentScript: true });
    expect(fields.PERCENT_HOURS_SUPERVISED).toBe('0.075');
  });

  it('locks the fields it fills', async () => {
    const template = await buildFvfTemplate('mfvf-2022-individual');
    const { bytes, values } = await fillFvfTemplate(template, createFillInput());
    const form = (await PDFDocument.load(bytes)).getForm();
    const locked = Object.keys(values).filter((name) => form.getTextField(name).isReadOnly());
    expect(locked).toEqual(Object.keys(values));
    expect(form.getField('TRAINEE_SIGNATURE_DATE').isReadOnly()).toBe(false);
  });

  it('clears signature dates a template was saved with, so it never looks signed', async () => {
    const doc = await PDFDocument.load(await buildFvfTemplate('mfvf-2022-individual'));
    doc.getForm().getTextField('TRAINEE_SIGNATURE_DATE').setText('1/1/2020');
    const { bytes } = await fillFvfTemplate(await doc.save(), createFillInput());
    const form = (await PDFDocument.load(bytes)).getForm();
    expect(form.getTextField('TRAINEE_SIGNATURE_DATE').getText() ?? '').toBe('');
    expect(form.getTextField('TRAINEE_SIGNATURE_DATE').isReadOnly()).toBe(false);
  });

  it('refuses a template of the other edition than the trainee’s standards', async () => {
    const template = await buildFvfTemplate('mfvf-2022-individual');
    const error = await fillFvfTemplate(template, { ...createFillInput(), edition: '2027' }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(FormTemplateError);
    expect((error as FormTemplateError).message).toBe(
      'This is the M-FVF 2022 (Individual); the 2027 form is needed for these hours.',
    );
  });
});

describe('fillFvfTemplate: the fieldwork-type box', () => {
  const concentrated = createFillInput({ experienceTypeId: 2 });

  it.each<[TemplateOptions['concentratedBox'], 1 | 2, Record<string, string | boolean>]>([
    [
      'separate',
      2,
      { CHECK_SUPERVISED_FIELDWORK: false, CHECK_CONCENTRATED_SUPERVISED_FIELDWORK: true },
    ],
    ['widgets', 1, { CHECK_SUPERVISED_FIELDWORK: 'Supervised Fieldwork' }],
    ['widgets', 2, { CHECK_SUPERVISED_FIELDWORK: 'Concentrated Supervised Fieldwork' }],
    ['none', 1, { CHECK_SUPERVISED_FIELDWORK: true }],
  ])('with a %s concentrated box, type %i ticks %o', async (box, type, expected) => {
    const input = type === 2 ? concentrated : createFillInput();
    expect(
      (await fill('mfvf-2022-individual', { concentratedBox: box }, input)).fields,
    ).toMatchObject(expected);
  });

  it('takes same-named widgets in reading order: the second one is concentrated', async () => {
    const template = await buildFvfTemplate('mfvf-2022-individual', {
      concentratedBox: 'unnamed-widgets',
    });
    const { bytes } = await fillFvfTemplate(template, concentrated);
    const box = (await PDFDocument.load(bytes)).getForm().getCheckBox('CHECK_SUPERVISED_FIELDWORK');
    const states = box.acroField.getWidgets().map((w) => w.getAppearanceState()?.decodeText());
    expect(states).toEqual(['Off', 'Yes']);
  });

  it('refuses concentrated hours on a template that has no box for them', async () => {
    const template = await buildFvfTemplate('mfvf-2022-individual', { concentratedBox: 'none' });
    await expect(fillFvfTemplate(template, concentrated)).rejects.toThrow(
      'The M-FVF 2022 (Individual) template has no box for concentrated supervised fieldwork.',
    );
  });

  it('fills a 2027 template without fieldwork-type boxes for either type', async () => {
    const { fields } = await fill('mfvf-2027-individual', {}, concentrated);
    expect(Object.values(fields).filter((value) => typeof value === 'boolean')).toEqual([]);
    expect(fields.Total_Fieldwork_Hours).toBe('20');
  });
});

describe('text fields get appearances in our font', () => {
  it('draws a name outside WinAnsi without failing', async () => {
    const template = await buildFvfTemplate('mfvf-2022-individual');
    const input = {
      ...createFillInput(),
      trainee: { ...createFillInput().trainee, name: 'Ωmega Žižek' },
    };
    const { bytes } = await fillFvfTemplate(template, input);
    const field = (await PDFDocument.load(bytes)).getForm().getField('TRAINEE_NAME');
    expect(field).toBeInstanceOf(PDFTextField);
    expect((field as PDFTextField).getText()).toBe('Ωmega Žižek');
  });

  it('writes what users typed (markup, PDF syntax) as the field’s text, nothing more', async () => {
    const typed = {
      TRAINEE_NAME: '<img src=x onerror=alert(1)>',
      RESPONSIBLE_SUPERVISOR_NAME: ') Tj (x',
    };
    const input = {
      ...createFillInput(),
      trainee: { ...createFillInput().trainee, name: typed.TRAINEE_NAME },
      supervisor: { ...createFillInput().supervisor, name: typed.RESPONSIBLE_SUPERVISOR_NAME },
    };
    const { bytes } = await fillFvfTemplate(await buildFvfTemplate('mfvf-2022-individual'), input);
    const form = (await PDFDocument.load(bytes)).getForm();
    for (const [name, text] of Object.entries(typed)) {
      expect(form.getTextField(name).getText()).toBe(text);
    }
  });

  it('fills a template without the scripts it would run on opening, keeping field formats', async () => {
    const doc = await PDFDocument.load(await buildFvfTemplate('mfvf-2022-individual'));
    const script = (js: string) =>
      doc.context.register(doc.context.obj({ S: 'JavaScript', JS: PDFString.of(js) }));
    doc.catalog.set(PDFName.of('OpenAction'), script('app.alert("open")'));
    doc.catalog.set(PDFName.of('AA'), doc.context.obj({ WC: script('app.alert("close")') }));
    doc.catalog.set(
      PDFName.of('Names'),
      doc.context.obj({
        JavaScript: doc.context.obj({ Names: [PDFString.of('x'), script('app.alert("doc")')] }),
      }),
    );
    const { bytes } = await fillFvfTemplate(await doc.save(), createFillInput());
    const filled = await PDFDocument.load(bytes);
    expect(filled.catalog.get(PDFName.of('OpenAction'))).toBeUndefined();
    expect(filled.catalog.get(PDFName.of('AA'))).toBeUndefined();
    expect(
      filled.catalog.lookupMaybe(PDFName.of('Names'), PDFDict)?.get(PDFName.of('JavaScript')),
    ).toBeUndefined();
    expect((await readFvf(bytes)).fields).toMatchObject({ PERCENT_HOURS_SUPERVISED: '7.5%' });
  });
});
