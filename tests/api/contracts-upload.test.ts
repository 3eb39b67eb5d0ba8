import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readPdfText } from '../../src/server/adapters/pdf/pdf-text';
import { CONTRACT_MESSAGES, type Contract } from '../../src/shared/contracts/contract.schema';
import { JPEG_BYTES, pdfBytes, SCRIPT_BYTES } from '../helpers/file-fixtures';
import {
  contractsWorld,
  draft,
  expectCall,
  signAs,
  signedContract,
  individualize,
} from './contracts-support';
import { multipart } from './files-support';

/*
 * A contract signed outside the app, uploaded with its signing date and who signed (issue 39);
 * it counts from that date, as one signed in the app counts from its last signature.
 */

let w: Awaited<ReturnType<typeof contractsWorld>>;
beforeEach(async () => {
  w = await contractsWorld();
});
afterEach(() => w.close());

type Upload = { name: string; bytes: Buffer; type?: string };
const paperContract = async (): Promise<Upload> => ({
  name: 'contract signed.pdf',
  bytes: await pdfBytes('Supervision contract signed on paper'),
});

/** `file` undefined: a paper contract's PDF; null: no file at all. */
const upload = async (
  fields: Record<string, string>,
  file?: Upload | null,
  token = w.trainee.token,
) => {
  const files = file === null ? [] : [file ?? (await paperContract())];
  return w.t.request({
    method: 'POST',
    url: '/api/v1/contracts/upload/',
    token,
    ...(await multipart(fields, files)),
  });
};

const fields = (overrides: Record<string, string> = {}) => ({
  trainee_supervisor: String(w.recordId),
  signed_on: '2026-03-02',
  signers: 'Zoë Łukasz\nAna Núñez',
  ...overrides,
});

describe('uploading a contract signed on paper', () => {
  it('records it with its date and signers; it is in force from that date and its file comes back', async () => {
    const response = await upload(fields({ title: 'Our paper contract' }));
    expect(response.statusCode, response.body).toBe(201);
    const contract = response.json<Contract>();
    expect([contract.status, contract.starts_on]).toEqual(['in-force', '2026-03-02']);
    const [v1] = contract.versions;
    expect(v1).toMatchObject({
      version: 1,
      source: 'upload',
      title: 'Our paper contract',
      is_complete: true,
      completed_on: '2026-03-02',
      declared_signers: ['Zoë Łukasz', 'Ana Núñez'],
      file_name: 'contract signed.pdf',
      signers: [],
      missing_sections: [],
    });
    expect(contract.history.map((event) => event.action)).toEqual(['uploaded']);
    expect((await w.t.lastMailTo(w.supervisor.email))?.subject).toBe(
      'Fieldwork Tracker: the supervision contract (Ana Núñez) is signed',
    );
    const file = await w.t.request({
      method: 'GET',
      url: v1?.document ?? '',
      token: w.supervisor.token,
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(createHash('sha256').update(file.rawPayload).digest('hex')).toBe(v1?.sha256);
    expect((await readPdfText(file.rawPayload)).flat().join(' ')).toContain(
      'Supervision contract signed on paper',
    );
    // The training is read against the upload's date too.
    expect(contract.flags.map((flag) => flag.code)).toEqual(['training-unknown']);
  });

  it('takes a photo of the signed pages, with comma-separated signers', async () => {
    const response = await upload(fields({ signers: 'Zoë Łukasz, Ana Núñez,' }), {
      name: 'contract.jpg',
      bytes: JPEG_BYTES,
      type: 'image/jpeg',
    });
    expect(response.statusCode, response.body).toBe(201);
    const [v1] = response.json<Contract>().versions;
    expect(v1?.declared_signers).toEqual(['Zoë Łukasz', 'Ana Núñez']);
    expect(v1?.title).toBe('Supervision contract with Ana Núñez, signed 2026-03-02');
  });

  it.each([
    [
      'a signing date in the future',
      () => fields({ signed_on: '2026-04-11' }),
      { signed_on: [CONTRACT_MESSAGES.signedOnFuture] },
    ],
    [
      'no signers',
      () => fields({ signers: ' , \n' }),
      { signers: [CONTRACT_MESSAGES.signersRequired] },
    ],
    [
      'no signing date',
      () => ({ trainee_supervisor: String(w.recordId), signers: 'A' }),
      { signed_on: ['Use the form YYYY-MM-DD'] },
    ],
  ])('refuses %s with the field’s message', async (_case, body, errors) => {
    const response = await upload(body());
    expect([response.statusCode, response.json()]).toEqual([400, errors]);
  });

  it('refuses no file, and a file that is not a PDF or a picture', async () => {
    const none = await upload(fields(), null);
    expect([none.statusCode, none.json()]).toEqual([400, { document: [CONTRACT_MESSAGES.noFile] }]);
    const script = await upload(fields(), { name: 'contract.pdf', bytes: SCRIPT_BYTES });
    expect(script.statusCode).toBe(400);
    expect(Object.keys(script.json())).toEqual(['document']);
    expect(
      (await expectCall<{ results: unknown[] }>(w, w.trainee, 'GET', '/api/v1/contracts/', 200))
        .results,
    ).toEqual([]);
  });

  it('refuses a second contract for a structure that has one, a supervisor, and a record not the trainee’s', async () => {
    await signedContract(w);
    const second = await upload(fields());
    expect([second.statusCode, second.json().detail]).toEqual([
      409,
      CONTRACT_MESSAGES.alreadyExists,
    ]);
    expect((await upload(fields(), undefined, w.supervisor.token)).statusCode).toBe(403);
    const other = await upload(fields({ trainee_supervisor: '2147483000' }));
    expect([other.statusCode, other.json().detail]).toEqual([404, CONTRACT_MESSAGES.notFound]);
  });
});

describe('uploading an amendment signed on paper ("each amendment must be signed and dated by all relevant parties")', () => {
  it('adds the next version to the contract, kept beside the one signed in the app', async () => {
    const signed = await signedContract(w);
    const early = await upload(fields({ contract: String(signed.id), signed_on: '2026-04-09' }));
    expect([early.statusCode, early.json()]).toEqual([
      400,
      { signed_on: [CONTRACT_MESSAGES.amendmentBeforeContract] },
    ]);
    const response = await upload(fields({ contract: String(signed.id), signed_on: '2026-04-10' }));
    expect(response.statusCode, response.body).toBe(201);
    const amended = response.json<Contract>();
    expect(
      amended.versions.map((version) => [version.version, version.source, version.completed_on]),
    ).toEqual([
      [1, 'app', '2026-04-10'],
      [2, 'upload', '2026-04-10'],
    ]);
    expect(amended.starts_on).toBe('2026-04-10');
  });

  it('completes a contract a supervisor without an account cannot sign in the app', async () => {
    const drafted = await individualize(w, w.trainee, await draft(w, w.trainee));
    await signAs(w, w.trainee, drafted);
    const response = await upload(
      fields({ contract: String(drafted.id), signed_on: '2026-04-10' }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const contract = response.json<Contract>();
    expect([contract.status, contract.starts_on]).toEqual(['in-force', '2026-04-10']);
    // The app's version is no longer the one being signed.
    expect(contract.versions[0]?.signers.map((signer) => signer.can_sign)).toEqual([false, false]);
    await signAs(w, w.supervisor, drafted, 1, 409);
  });
});
