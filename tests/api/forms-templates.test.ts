import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORM_MESSAGES } from '../../src/server/features/forms/forms.errors';
import { buildFvfTemplate } from '../../src/server/features/forms/fvf-template.fixture';
import { pdfBytes, PNG_BYTES } from '../helpers/file-fixtures';
import { UNAUTHENTICATED } from '../helpers/accounts';
import { dropTemplate, formsWorld, uploadTemplate, type FormsWorld } from './forms-support';

/*
 * Installing the BACB's blank forms: an upload recognised by its fields (refused with a clear
 * message otherwise), or a file the operator drops into FORMS_DIR; GET says what is installed.
 */

let w: FormsWorld;
beforeAll(async () => {
  w = await formsWorld();
});
afterAll(() => w.close());

const installed = async () => {
  const response = await w.t.request({
    method: 'GET',
    url: '/api/v1/fvf-templates/',
    token: w.trainee.token,
  });
  expect(response.statusCode).toBe(200);
  return response
    .json<{ results: { variant: string; source: string }[] }>()
    .results.map((item) => [item.variant, item.source]);
};
const templateKeys = async () =>
  (await w.folder.listKeys()).filter((key) => key.startsWith('forms/templates/'));

describe('GET and POST /api/v1/fvf-templates/', () => {
  it('starts with nothing installed', async () => {
    expect(await installed()).toEqual([]);
  });

  it('installs an uploaded blank form for everyone, recognised by its fields', async () => {
    const response = await uploadTemplate(
      w.t,
      w.trainee,
      await buildFvfTemplate('mfvf-2022-individual'),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({
      variant: 'mfvf-2022-individual',
      form: 'monthly',
      edition: '2022',
      structure: 'individual',
      label: 'M-FVF 2022 (Individual)',
      source: 'upload',
      installed_at: w.t.clock.now.toISOString(),
    });
    expect(await installed()).toEqual([['mfvf-2022-individual', 'upload']]);
    // A supervisor sees the same list, and may install another variant.
    const bySupervisor = await uploadTemplate(
      w.t,
      w.supervisor,
      await buildFvfTemplate('mfvf-2027-individual'),
    );
    expect(bySupervisor.statusCode, bySupervisor.body).toBe(201);
    expect(await templateKeys()).toHaveLength(2);
  });

  it('refuses a second upload of an installed variant, keeping the first', async () => {
    const response = await uploadTemplate(
      w.t,
      w.trainee,
      await buildFvfTemplate('mfvf-2022-individual', { signatures: 'text' }),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      detail:
        'The M-FVF 2022 (Individual) is already installed; a blank form is installed once for everyone.',
      code: 'CONFLICT',
    });
    expect(await templateKeys()).toHaveLength(2);
  });

  it('refuses a PDF that is not a form it knows, naming the fields it lacks', async () => {
    const bytes = await buildFvfTemplate('mfvf-2022-organization', {
      omit: ['TOTAL_FIELDWORK', 'TRAINEE_BACB_ID'],
    });
    const response = await uploadTemplate(w.t, w.trainee, bytes);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      non_field_errors: [
        FORM_MESSAGES.unknown({ form: 'monthly', label: 'M-FVF 2022 (Individual)' }, [
          'TRAINEE_BACB_ID',
          'TOTAL_FIELDWORK',
        ]),
      ],
      code: 'FORM_TEMPLATE_INVALID',
    });
    expect(await templateKeys()).toHaveLength(2);
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
  it('installs what is dropped in, ignores other PDFs, and wins over an upload', async () => {
    await dropTemplate(w, 'mfvf-2027-organization');
    await dropTemplate(w, 'mfvf-2022-individual', { month: 'split' }, 'a-2022.pdf');
    await writeFile(join(w.formsDir, 'notes.pdf'), await pdfBytes());
    await writeFile(join(w.formsDir, 'readme.txt'), 'not a form');
    expect(await installed()).toEqual([
      ['mfvf-2022-individual', 'folder'],
      ['mfvf-2027-individual', 'upload'],
      ['mfvf-2027-organization', 'folder'],
    ]);
    const upload = await uploadTemplate(
      w.t,
      w.trainee,
      await buildFvfTemplate('mfvf-2027-organization'),
    );
    expect(upload.statusCode).toBe(409);
  });
});
