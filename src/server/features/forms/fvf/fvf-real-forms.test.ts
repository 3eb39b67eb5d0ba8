import { PDFCheckBox, PDFDocument, PDFDropdown, PDFTextField } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { FORM_MESSAGES, FormSigningError, FormTemplateError } from './fvf.errors';
import { FVF_VARIANTS, fvfVariant, type FvfVariantId } from './fvf-fields';
import { readFvf } from './fvf-read';
import { signFvf } from './fvf-signing';
import { fillFvfTemplate, recogniseFvfTemplate } from './fvf-template';
import { buildFvfTemplate, createFillInput, createFinalFillInput } from './fvf-template.fixture';
import {
  activeContentOf,
  readerFields,
  readerText,
} from '../../../adapters/pdf/pdf-reader.fixture';

/*
 * The BACB's forms as they are (issue 26): templates with the real structure (fvf-fields.ts, built
 * by the fixture) are recognised, filled, signed and flattened, and read back as a reader sees
 * them; nothing written out can run or start anything.
 */

const refusal = async (template: Uint8Array) => {
  const error = await recogniseFvfTemplate(template).catch((caught: unknown) => caught);
  if (!(error instanceof FormTemplateError)) throw new Error('expected a FormTemplateError');
  return error;
};

const at = new Date('2026-04-10T16:30:00.000Z');

describe('recognising the real forms', () => {
  it.each(FVF_VARIANTS.map((variant) => variant.id))('recognises %s', async (id) => {
    expect((await recogniseFvfTemplate(await buildFvfTemplate(id))).id).toBe(id);
  });

  it('tells the 2022 M-FVF Organization form from the Individual one by its title, else its page', async () => {
    const byTitle = await buildFvfTemplate('mfvf-2022-organization', { headings: false });
    expect((await recogniseFvfTemplate(byTitle)).id).toBe('mfvf-2022-organization');
    const byPage = await buildFvfTemplate('mfvf-2022-organization', { title: null });
    expect((await recogniseFvfTemplate(byPage)).id).toBe('mfvf-2022-organization');
    const neither = await buildFvfTemplate('mfvf-2022-organization', {
      title: null,
      headings: false,
    });
    expect((await recogniseFvfTemplate(neither)).id).toBe('mfvf-2022-individual');
  });

  it('refuses a form it does not know, naming the fields the closest form lacks', async () => {
    const error = await refusal(
      await buildFvfTemplate('ffvf-2022-organization', {
        omit: ['SUPERVISOR_NAME_3', 'CHECK_prorated fieldwork '],
      }),
    );
    expect(error.missing).toEqual(['CHECK_prorated fieldwork ', 'SUPERVISOR_NAME_3']);
    expect(error.message).toBe(
      FORM_MESSAGES.unknown(fvfVariant('ffvf-2022-organization'), error.missing),
    );
  });
});

/** A text field's value and a box's state, by name, of a filled (unsigned) form. */
async function fieldsOf(bytes: Uint8Array) {
  const form = (await PDFDocument.load(bytes)).getForm();
  const text = (name: string) => form.getTextField(name).getText() ?? '';
  const box = (name: string) => form.getCheckBox(name).acroField.getValue().decodeText();
  return { form, text, box };
}

describe('filling the real fields', () => {
  it('fills the 2022 M-FVF: MM/YYYY, the read-only calculated fields, the percent as a fraction, boxes with spaces', async () => {
    const filled = await fillFvfTemplate(await buildFvfTemplate('mfvf-2022-organization'), {
      ...createFillInput({ experienceTypeId: 2 }),
      isProrated: true,
    });
    expect(filled.variant.id).toBe('mfvf-2022-organization');
    const { form, text, box } = await fieldsOf(filled.bytes);
    expect(text('TRAINEE_CERTIFICATE_MONTH/YEAR')).toBe('03/2026');
    expect(text('INDEPENDENT_HOURS')).toBe('18.50');
    expect(text('SUPERVISED_HOURS')).toBe('1.50');
    expect(text('TOTAL_FIELDWORK')).toBe('20.00');
    expect(form.getTextField('TOTAL_FIELDWORK').isReadOnly()).toBe(true);
    // The form's own percent format reads a fraction: 1.5 of 20 hours.
    expect(text('PERCENT_HOURS_SUPERVISED')).toBe('0.075');
    expect(filled.values.PERCENT_HOURS_SUPERVISED).toBe('7.5%');
    expect(box('CHECK_SUPERVISED_FIELDWORK')).toBe('Concentrated Supervised Fieldwork');
    expect(box('This fieldwork included prorated hours for a partial month')).toBe('yes');
    // A reader still offers the fields until the form is signed and flattened.
    expect(await readerFields(filled.bytes)).toContain('PERCENT_HOURS_SUPERVISED');
  });

  it('fills the 2027 M-FVF in hours and minutes, observation in its odd field', async () => {
    const filled = await fillFvfTemplate(await buildFvfTemplate('mfvf-2027-individual'), {
      ...createFillInput(),
      edition: '2027',
    });
    const { text } = await fieldsOf(filled.bytes);
    expect(
      ['Independent_Hours', 'Independent_Minutes', 'Supervised_Hours', 'Supervised_Minutes'].map(
        text,
      ),
    ).toEqual(['18', '30', '1', '30']);
    expect([text('Observation_Hours'), text('Independent_Minutes 3')]).toEqual(['1', '15']);
    expect([text('Total_Fieldwork_Hours'), text('Total_Fieldwork_Minutes')]).toEqual(['20', '0']);
  });

  it('fills the F-FVF Organization form: the period, four supervisors, both columns of a Mixed period, the qualification', async () => {
    const input = createFinalFillInput();
    const supervised = 'columns' in input.figures ? input.figures.columns[0] : undefined;
    if (!supervised) throw new Error('the fixture has a supervised column');
    const concentrated = {
      ...supervised,
      experienceTypeId: 2 as const,
      independentMinutes: 600,
      supervisedMinutes: 120,
      totalMinutes: 720,
      months: 1,
    };
    const filled = await fillFvfTemplate(await buildFvfTemplate('ffvf-2022-organization'), {
      ...input,
      figures: { period: supervised, columns: [supervised, concentrated] },
      supervisors: [
        { name: 'Ana Núñez', bacbId: '1-11-11111' },
        { name: 'Bo Lin', bacbId: '1-22-22222' },
        { name: 'Cy Ode', bacbId: '1-33-33333' },
        { name: 'Di Fay', bacbId: '1-44-44444' },
      ],
      isProrated: true,
    });
    const { form, text, box } = await fieldsOf(filled.bytes);
    expect([text('START_DATE'), text('END_DATE')]).toEqual(['01/2026', '06/2026']);
    expect(text('SUPERVISOR_NAME_4')).toBe('Di Fay');
    expect(text('SUPERVISOR_BACB_ID_2')).toBe('1-22-22222');
    expect(text('RESPONSIBLE_SUPERVISOR_ACCOUNT_ID')).toBe('1-11-11111');
    expect(box('CHECK_FIELDWORK')).toBe('Mixed');
    expect(box('CHECK_prorated fieldwork ')).toBe('prorated fieldwork');
    expect([text('TOTAL_MONTHS_OF_FIELDWORK_OBTAINED'), text('TOTAL_FIELDWORK')]).toEqual([
      '5',
      '187.50',
    ]);
    expect(
      ['TOTAL_MONTHS_OF_FIELDWORK_OBTAINED 2', 'INDEPENDENT_HOURS 2', 'TOTAL_FIELDWORK 2'].map(
        text,
      ),
    ).toEqual(['1', '10.00', '12.00']);
    expect(text('PERCENT_HOURS_SUPERVISED 2')).toBe('0.166667');
    const choice = form.getField('RESPONSIBLE_SUPERVISOR_QUALIFICATION');
    expect(choice instanceof PDFDropdown && choice.getSelected()).toEqual(['BCBA/BCBA-D']);
  });

  it('leaves the concentrated column of a supervised-only period blank (the 2027 C_ column)', async () => {
    const filled = await fillFvfTemplate(await buildFvfTemplate('ffvf-2027-individual'), {
      ...createFinalFillInput(),
      edition: '2027',
    });
    const { text } = await fieldsOf(filled.bytes);
    expect([text('Independent_Hours'), text('C_Independent_Hours')]).toEqual(['166', '']);
    expect(text('TRAINEE_ACCOUNT_ID')).toBe('1-23-45678');
  });
});

describe('what is written out', () => {
  it.each(FVF_VARIANTS.map((variant) => variant.id))(
    'a %s template holds scripts and actions; nothing filled, signed or flattened from it does',
    async (id: FvfVariantId) => {
      const template = await buildFvfTemplate(id);
      expect(await activeContentOf(template)).not.toEqual([]);
      const variant = fvfVariant(id);
      const input = variant.form === 'monthly' ? createFillInput() : createFinalFillInput();
      const filled = await fillFvfTemplate(template, { ...input, edition: variant.edition });
      expect(await activeContentOf(filled.bytes)).toEqual([]);
      let bytes = filled.bytes;
      for (const party of ['trainee', 'supervisor'] as const) {
        if (!variant.fields[`${party}Signature`]) continue;
        bytes = (await signFvf(bytes, { party, fullName: `A ${party}`, at })).bytes;
        expect(await activeContentOf(bytes)).toEqual([]);
      }
      expect(await readerFields(bytes)).toEqual([]);
    },
  );
});

describe('signing', () => {
  it('gives the /Sig fields a visible appearance (name and date) that a reader shows once flattened', async () => {
    const filled = await fillFvfTemplate(
      await buildFvfTemplate('mfvf-2022-individual'),
      createFillInput(),
    );
    const first = await signFvf(filled.bytes, { party: 'trainee', fullName: 'Zoë Łukasz', at });
    expect(first.isComplete).toBe(false);
    await expect(
      signFvf(first.bytes, { party: 'trainee', fullName: 'Zoë Łukasz', at }),
    ).rejects.toThrow(FormSigningError);
    const second = await signFvf(first.bytes, {
      party: 'supervisor',
      fullName: 'Ana Núñez',
      at,
      timeZone: 'America/Los_Angeles',
    });
    expect(second.isComplete).toBe(true);
    const [page] = await readerText(second.bytes);
    expect(page).toContain('/s/ Zoë Łukasz');
    expect(page).toContain('/s/ Ana Núñez');
    expect(page).toContain('Signed electronically on 4/10/2026');
    expect(page).toContain('18.50');
    expect(page).toContain('7.5%');
    expect(page).toContain('03/2026');
    const back = await readFvf(second.bytes);
    expect(back.isFlattened).toBe(true);
    expect(back.signatures.supervisor?.signedOn).toBe('2026-04-10');
  });

  it('completes the F-FVF with the responsible supervisor alone; the trainee has no place to sign', async () => {
    const filled = await fillFvfTemplate(
      await buildFvfTemplate('ffvf-2022-individual'),
      createFinalFillInput(),
    );
    await expect(
      signFvf(filled.bytes, { party: 'trainee', fullName: 'Zoë Łukasz', at }),
    ).rejects.toThrow(FORM_MESSAGES.noPlaceToSign('F-FVF 2022 (Individual)', 'trainee'));
    const signed = await signFvf(filled.bytes, { party: 'supervisor', fullName: 'Ana Núñez', at });
    expect(signed.isComplete).toBe(true);
    const [page] = await readerText(signed.bytes);
    expect(page).toContain('/s/ Ana Núñez');
    expect(page).toContain('01/2026');
  });
});

describe('the fixture reproduces the real structure', () => {
  it('has the read-only calculated fields, the box widgets and their on-values, the title', async () => {
    const doc = await PDFDocument.load(await buildFvfTemplate('mfvf-2022-organization'));
    const form = doc.getForm();
    expect(form.getTextField('PERCENT_HOURS_SUPERVISED').isReadOnly()).toBe(true);
    const box = form.getField('CHECK_SUPERVISED_FIELDWORK');
    expect(box).toBeInstanceOf(PDFCheckBox);
    if (!(box instanceof PDFCheckBox)) return;
    expect(box.acroField.getWidgets().map((w) => w.getOnValue()?.decodeText())).toEqual([
      'Supervised Fieldwork',
      'Concentrated Supervised Fieldwork',
    ]);
    expect(form.getField('TRAINEE_NAME')).toBeInstanceOf(PDFTextField);
    expect(doc.getTitle()).toBe(
      'Monthly Fieldwork Verification Form: Multiple Supervisors at One Organization',
    );
  });
});
