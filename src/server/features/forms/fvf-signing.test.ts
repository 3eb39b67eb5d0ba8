import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { completedOn, isSignedLate } from '../../../shared/forms/deadline';
import type { FvfVariantId } from './fvf-fields';
import { readFvf } from './fvf-read';
import { signFvf, type FvfSigner } from './fvf-signing';
import { fillFvfTemplate } from './fvf-template';
import { buildFvfTemplate, createFillInput, type TemplateOptions } from './fvf-template.fixture';
import { FormSigningError, FormTemplateError } from './forms.errors';

const trainee: FvfSigner = {
  party: 'trainee',
  fullName: 'Zoë Łukasz',
  // 16:30 on 30 April in Los Angeles, already 1 May in UTC.
  at: new Date('2026-04-30T23:30:00Z'),
  timeZone: 'America/Los_Angeles',
};
const supervisor: FvfSigner = {
  party: 'supervisor',
  fullName: 'Ana Núñez',
  at: new Date('2026-04-02T15:00:00Z'),
};

async function filledForm(
  id: FvfVariantId = 'mfvf-2022-individual',
  options: TemplateOptions = {},
) {
  return (await fillFvfTemplate(await buildFvfTemplate(id, options), createFillInput())).bytes;
}

const failure = (promise: Promise<unknown>) => promise.catch((caught: unknown) => caught);

/** Widget annotations left on the pages (a flattened form has none). */
async function widgetsOnPages(bytes: Uint8Array): Promise<number> {
  const doc = await PDFDocument.load(bytes);
  return doc.getPages().reduce((count, page) => {
    const annots = page.node.Annots();
    const widgets = (annots?.asArray() ?? []).filter((ref) => {
      const annot = doc.context.lookup(ref);
      return annot instanceof PDFDict && annot.get(PDFName.of('Subtype')) === PDFName.of('Widget');
    });
    return count + widgets.length;
  }, 0);
}

describe('signFvf: the first signature', () => {
  it('stamps the typed name and the date the signer saw, and leaves the form open', async () => {
    const signed = await signFvf(await filledForm(), trainee);
    expect(signed).toMatchObject({ signedOn: '2026-04-30', isComplete: false });
    const form = await readFvf(signed.bytes);
    expect(form.isFlattened).toBe(false);
    expect(form.fields).toMatchObject({
      TRAINEE_SIGNATURE_DATE: '4/30/2026',
      SUPERVISOR_SIGNATURE_DATE: '',
    });
    expect(form.signatures).toEqual({
      trainee: {
        fullName: 'Zoë Łukasz',
        signedAt: '2026-04-30T23:30:00.000Z',
        signedOn: '2026-04-30',
      },
    });
  });

  it('keeps the name as the value of a signature box that is a text field', async () => {
    const signed = await signFvf(
      await filledForm('mfvf-2022-individual', { signatures: 'text' }),
      trainee,
    );
    expect((await readFvf(signed.bytes)).fields.TRAINEE_SIGNATURE).toBe('/s/ Zoë Łukasz');
  });

  it('lets the supervisor sign first', async () => {
    const signed = await signFvf(await filledForm(), supervisor);
    expect(signed.isComplete).toBe(false);
    expect((await readFvf(signed.bytes)).fields.SUPERVISOR_SIGNATURE_DATE).toBe('4/2/2026');
  });
});

describe('signFvf: both signatures', () => {
  it.each<[FvfVariantId, TemplateOptions]>([
    ['mfvf-2022-individual', {}],
    ['mfvf-2022-organization', { signatures: 'text', concentratedBox: 'widgets' }],
    ['mfvf-2027-individual', {}],
    ['mfvf-2027-organization', { signatures: 'text' }],
  ])('flattens the %s form once both have signed', async (id, options) => {
    const first = await signFvf(await filledForm(id, options), supervisor);
    const second = await signFvf(first.bytes, trainee);
    expect(second.isComplete).toBe(true);
    const form = await readFvf(second.bytes);
    expect(form.isFlattened).toBe(true);
    expect(form.fields).toEqual({});
    expect(await widgetsOnPages(second.bytes)).toBe(0);
    expect(form.text).toEqual(
      expect.arrayContaining([
        'Zoë Łukasz',
        'Ana Núñez',
        '03/2026',
        '7.5%',
        '/s/ Zoë Łukasz',
        'Signed electronically 2026-04-30 23:30 UTC',
        '4/30/2026',
        '/s/ Ana Núñez',
        'Signed electronically 2026-04-02 15:00 UTC',
        '4/2/2026',
      ]),
    );
    expect(Object.keys(form.signatures)).toEqual(['trainee', 'supervisor']);
  });

  it('shows the hours of each edition on the flattened page', async () => {
    const sign = async (id: FvfVariantId) =>
      readFvf(
        (await signFvf((await signFvf(await filledForm(id), trainee)).bytes, supervisor)).bytes,
      );
    expect((await sign('mfvf-2022-individual')).text).toEqual(
      expect.arrayContaining(['18.50', '1.50', '20.00']),
    );
    const form2027 = await sign('mfvf-2027-individual');
    // Hours and minutes in the order of the table: independent, supervised, total, observation.
    expect(form2027.text.slice(-8)).toEqual(['18', '30', '1', '30', '20', '0', '1', '15']);
  });

  it('drops the calculation order, which would point at fields that are gone', async () => {
    const doc = await PDFDocument.load(await filledForm());
    doc.getForm().acroForm.dict.set(PDFName.of('CO'), doc.context.obj([]));
    const withOrder = await doc.save();
    const done = await signFvf((await signFvf(withOrder, trainee)).bytes, supervisor);
    const acroForm = (await PDFDocument.load(done.bytes)).catalog.getAcroForm();
    expect(acroForm?.dict.has(PDFName.of('CO'))).toBe(false);
  });

  it('gives a completion date that the deadline rule judges', async () => {
    const first = await signFvf(await filledForm(), trainee);
    const second = await signFvf(first.bytes, {
      ...supervisor,
      at: new Date('2026-05-01T08:00:00Z'),
    });
    const completed = completedOn(first.signedOn, second.signedOn);
    expect(completed).toBe('2026-05-01');
    expect(isSignedLate('2026-03', completed ?? '')).toBe(true);
    expect(isSignedLate('2026-03', first.signedOn)).toBe(false);
  });
});

describe('signFvf: what it refuses', () => {
  it('refuses a second signature by the same party, as a 409', async () => {
    const once = await signFvf(await filledForm(), trainee);
    const error = await failure(signFvf(once.bytes, { ...trainee, fullName: 'Someone Else' }));
    expect(error).toBeInstanceOf(FormSigningError);
    expect((error as FormSigningError).status).toBe(409);
    expect((error as FormSigningError).message).toBe('The trainee has already signed this form.');
  });

  it('refuses any signature on a form both have signed: it never changes again', async () => {
    const done = await signFvf((await signFvf(await filledForm(), trainee)).bytes, supervisor);
    const error = await failure(signFvf(done.bytes, trainee));
    expect(error).toBeInstanceOf(FormSigningError);
    expect((error as FormSigningError).message).toBe(
      'This form is signed by both parties and can no longer change.',
    );
  });

  it('refuses a PDF that is not a form we fill', async () => {
    const doc = await PDFDocument.create();
    doc.getForm().createTextField('SOMETHING').addToPage(doc.addPage());
    expect(await failure(signFvf(await doc.save(), trainee))).toBeInstanceOf(FormTemplateError);
  });
});
