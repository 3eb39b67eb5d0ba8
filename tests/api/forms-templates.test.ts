import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PDFName, PDFString } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORM_MESSAGES } from '../../src/server/features/forms/fvf/fvf.errors';
import { buildFvfTemplate } from '../../src/server/features/forms/fvf/fvf-template.fixture';
import { fvfVariant } from '../../src/server/features/forms/fvf/fvf-fields';
import { pdfBytes, PNG_BYTES } from '../helpers/file-fixtures';
import { UNAUTHENTICATED } from '../helpers/accounts';
import { createSupervisor, createTrainee } from '../helpers/factories';
import { dropTemplate, formsWorld, uploadTemplate, type FormsWorld } from './forms-support';

/*
 * Installing the BACB's blank forms (issue 26 part 5): the operator's FORMS_DIR serves everyone;
 * an upload serves its uploader's forms only, whatever it claims to be. The real forms' scripts,
 * OpenAction and stray links pass; what a form never needs is refused, saying what it was.
 */

let w: FormsWorld;
beforeAll(async () => {
  w = await formsWorld();
});
afterAll(() => w.close());

const installed = async (user = w.trainee) => {
  const response = await w.t.request({
    method: 'GET',
    url: '/api/v1/fvf-templates/',
    token: user.token,
  });
  expect(response.statusCode).toBe(200);
  return response
    .json<{ results: { variant: string; source: string }[] }>()
    .results.map((item) => [item.variant, item.source]);
};
const templateKeys = async () =>
  (await w.folder.listKeys()).filter((key) => key.startsWith('forms/templates/'));

/** The real form's structure with something a form never needs added to it. */
async function withAction(type: string) {
  const { PDFDocument } = await import('pdf-lib');
  const doc = await PDFDocument.load(await buildFvfTemplate('mfvf-2022-individual'));
  const action = doc.context.obj({ S: type, F: PDFString.of('setup.exe') });
  doc
    .getForm()
    .getTextField('TRAINEE_NAME')
    .acroField.getWidgets()[0]
    ?.dict.set(PDFName.of('A'), action);
  return doc.save();
}

describe('GET and POST /api/v1/fvf-templates/', () => {
  it('starts with nothing installed', async () => {
    expect(await installed()).toEqual([]);
  });

  it('installs the real form, scripts, OpenAction and stray link included, for its uploader only', async () => {
    const response = await uploadTemplate(
      w.t,
      w.trainee,
      await buildFvfTemplate('mfvf-2022-organization'),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({
      variant: 'mfvf-2022-organization',
      form: 'monthly',
      edition: '2022',
      structure: 'organization',
      label: 'M-FVF 2022 (Organization)',
      source: 'upload',
      installed_at: w.t.clock.now.toISOString(),
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(await installed()).toEqual([['mfvf-2022-organization', 'upload']]);
    // Nobody else's forms are filled from it: not another trainee's, not a supervisor's list.
    expect(await installed(await createTrainee(w.t.db))).toEqual([]);
    expect(await installed(w.supervisor)).toEqual([]);
  });

  it('lets a second account upload whatever it likes without changing the first one’s', async () => {
    const hostile = await createTrainee(w.t.db);
    // A file that claims the same form (its title and structure) with its own wording.
    const claimed = await buildFvfTemplate('mfvf-2022-organization', { extra: ['Our own terms'] });
    const response = await uploadTemplate(w.t, hostile, claimed);
    expect(response.statusCode, response.body).toBe(201);
    expect(await installed(hostile)).toEqual([['mfvf-2022-organization', 'upload']]);
    const mine = await w.t.request({
      method: 'GET',
      url: '/api/v1/fvf-templates/',
      token: w.trainee.token,
    });
    const before = mine.json<{ results: { sha256: string }[] }>().results[0]?.sha256;
    expect(before).not.toBe(response.json<{ sha256: string }>().sha256);
    expect(await templateKeys()).toHaveLength(2);
  });

  it('replaces the uploader’s own earlier upload of a variant', async () => {
    const again = await uploadTemplate(
      w.t,
      w.trainee,
      await buildFvfTemplate('mfvf-2022-organization', { signatures: 'text' }),
    );
    expect(again.statusCode, again.body).toBe(201);
    expect(await installed()).toEqual([['mfvf-2022-organization', 'upload']]);
    expect(await templateKeys()).toHaveLength(2);
  });

  it('refuses a PDF that is not a form it knows, naming the fields it lacks', async () => {
    const bytes = await buildFvfTemplate('mfvf-2022-individual', {
      omit: ['TOTAL_FIELDWORK', 'TRAINEE_BACB_ID'],
    });
    const response = await uploadTemplate(w.t, w.trainee, bytes);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      non_field_errors: [
        FORM_MESSAGES.unknown(fvfVariant('mfvf-2022-individual'), [
          'TRAINEE_BACB_ID',
          'TOTAL_FIELDWORK',
        ]),
      ],
      code: 'FORM_TEMPLATE_INVALID',
    });
  });

  it.each([
    ['Launch', 'a Launch action, which starts a program'],
    ['SubmitForm', "a SubmitForm action, which sends the form's data elsewhere"],
  ])('refuses a form with a %s action, saying so', async (type, words) => {
    const response = await uploadTemplate(w.t, w.trainee, await withAction(type));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      non_field_errors: [FORM_MESSAGES.activeContent(words)],
      code: 'FORM_TEMPLATE_INVALID',
    });
  });

  it.each([
    ['a PDF without fields (a scan)', () => pdfBytes(), FORM_MESSAGES.noFields],
    ['a PNG named .pdf', async () => PNG_BYTES, FORM_MESSAGES.notPdf],
    ['text named .pdf', async () => Buffer.from('%PDF-1.7 not really'), FORM_MESSAGES.notPdf],
  ])('refuses %s with a clear message and stores nothing', async (_case, bytes, message) => {
    const response = await uploadTemplate(w.t, w.trainee, await bytes());
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ non_field_errors: [message], code: 'FORM_TEMPLATE_INVALID' });
    expect(await templateKeys()).toHaveLength(2);
  });

  it('refuses a request without a file, or not multipart, and anyone signed out', async () => {
    const json = await w.t.request({
      method: 'POST',
      url: '/api/v1/fvf-templates/',
      token: w.trainee.token,
      payload: { document: 'x' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual({ non_field_errors: ['Send the form as multipart/form-data.'] });
    const signedOut = await uploadTemplate(
      w.t,
      undefined,
      await buildFvfTemplate('mfvf-2027-organization'),
    );
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toEqual(UNAUTHENTICATED);
    const get = await w.t.request({ method: 'GET', url: '/api/v1/fvf-templates/' });
    expect(get.statusCode).toBe(401);
  });
});

describe('the operator’s forms folder (FORMS_DIR)', () => {
  it('serves everyone, ignores other PDFs, and an upload of a variant it has is refused', async () => {
    await dropTemplate(w, 'mfvf-2027-organization');
    await dropTemplate(w, 'mfvf-2022-individual', {}, 'a-2022.pdf');
    await writeFile(join(w.formsDir, 'notes.pdf'), await pdfBytes());
    await writeFile(join(w.formsDir, 'readme.txt'), 'not a form');
    expect(await installed()).toEqual([
      ['mfvf-2022-individual', 'folder'],
      ['mfvf-2022-organization', 'upload'],
      ['mfvf-2027-organization', 'folder'],
    ]);
    expect(await installed(await createSupervisor(w.t.db))).toEqual([
      ['mfvf-2022-individual', 'folder'],
      ['mfvf-2027-organization', 'folder'],
    ]);
    const upload = await uploadTemplate(
      w.t,
      w.trainee,
      await buildFvfTemplate('mfvf-2027-organization'),
    );
    expect(upload.statusCode).toBe(409);
    expect(upload.json<{ detail: string }>().detail).toBe(
      'The operator has installed the M-FVF 2027 (Organization) for everyone; your forms are filled from it.',
    );
  });
});
