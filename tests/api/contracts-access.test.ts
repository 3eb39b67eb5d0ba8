import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRACT_MESSAGES, type Contract } from '../../src/shared/contracts/contract.schema';
import { createSupervisor, createTrainee, type TestUser } from '../helpers/factories';
import { pdfBytes } from '../helpers/file-fixtures';
import {
  call,
  contractsWorld,
  draft,
  expectCall,
  individualize,
  signAs,
  signedContract,
} from './contracts-support';
import { multipart } from './files-support';
import { linkSupervisor } from './forms-support';

/*
 * Issue 39: a contract is its trainee's and its structure's supervisors' alone. Another trainee,
 * a supervisor never linked, a supervisor of another of the trainee's structures and one whose
 * access ended can neither read nor change it: each route answers them what it answers for a
 * contract that does not exist (404, "Contract not found.").
 */

let w: Awaited<ReturnType<typeof contractsWorld>>;
let signed: Contract;
let pending: Contract;
let strangers: Record<string, TestUser>;

beforeAll(async () => {
  w = await contractsWorld();
  signed = await signedContract(w);
  // A second structure of the trainee's, with its own supervisor and its own draft.
  const otherStructure = await createSupervisor(w.t.db, { name: 'Lee Park' });
  const otherRecord = await linkSupervisor(w.t, w.trainee, otherStructure, 'Lee', 'Park');
  pending = await individualize(w, w.trainee, await draft(w, w.trainee, otherRecord));
  const endedAccess = await createSupervisor(w.t.db, { name: 'Rhea Rowan' });
  const endedRecord = await linkSupervisor(w.t, w.trainee, endedAccess, 'Rhea', 'Rowan');
  await expectCall(
    w,
    w.trainee,
    'POST',
    `/api/v1/trainee-supervisors/${endedRecord}/end-access/`,
    200,
  );
  const otherTrainee = await createTrainee(w.t.db);
  const unlinked = await createSupervisor(w.t.db);
  await linkSupervisor(w.t, otherTrainee, unlinked);
  strangers = { otherTrainee, unlinked, otherStructure, endedAccess };
}, 120_000);
afterAll(() => w.close());

const sign = { full_name: 'Somebody Else', intent: true, revision: 2 };
const routes = (id: number): [string, 'GET' | 'POST' | 'PUT' | 'DELETE', string, object?][] => [
  ['read it', 'GET', `/api/v1/contracts/${id}/`],
  ['download its PDF', 'GET', `/api/v1/contracts/${id}/versions/1/document/`],
  [
    'edit it',
    'PUT',
    `/api/v1/contracts/${id}/versions/1/`,
    { title: 'T', sections: [], revision: 2 },
  ],
  ['sign it', 'POST', `/api/v1/contracts/${id}/versions/1/sign/`, sign],
  ['amend it', 'POST', `/api/v1/contracts/${id}/amendments/`],
  ['end it', 'POST', `/api/v1/contracts/${id}/end/`, { ended_on: '2026-04-10', reason: 'x' }],
  ['discard it', 'DELETE', `/api/v1/contracts/${id}/`],
];

describe('nobody but its parties reaches a contract', () => {
  it.each(['otherTrainee', 'unlinked', 'otherStructure', 'endedAccess'])(
    '%s gets the answer of a contract that does not exist, on every route',
    async (who) => {
      const stranger = strangers[who] as TestUser;
      // Lee supervises the pending contract's structure (see the last test), not the signed one's.
      const ids = who === 'otherStructure' ? [signed.id] : [signed.id, pending.id];
      for (const [what, method, url, body] of ids.flatMap(routes)) {
        const response = await call(w, stranger, method, url, body);
        const missing = await call(
          w,
          stranger,
          method,
          url.replace(/contracts\/\d+/, 'contracts/2147483000'),
          body,
        );
        expect(`${response.statusCode} ${response.body}`, `${who}: ${what} (${url})`).toBe(
          `${missing.statusCode} ${missing.body}`,
        );
        expect(response.statusCode, `${who}: ${what}`).toBe(404);
      }
    },
  );

  it('lists nothing of the trainee’s to a stranger, and only their own structure to a supervisor', async () => {
    const { otherTrainee, unlinked, otherStructure } = strangers as Record<string, TestUser>;
    for (const stranger of [otherTrainee, unlinked]) {
      const response = await call(
        w,
        stranger!,
        'GET',
        `/api/v1/contracts/?trainee=${w.trainee.id}`,
      );
      expect([response.statusCode, response.json().detail]).toEqual([
        404,
        CONTRACT_MESSAGES.notFound,
      ]);
    }
    const list = await expectCall<{
      results: Contract[];
      structures: { contract: number | null }[];
    }>(w, otherStructure!, 'GET', `/api/v1/contracts/?trainee=${w.trainee.id}`, 200);
    expect(list.results.map((contract) => contract.id)).toEqual([pending.id]);
    expect(list.structures.map((structure) => structure.contract)).toEqual([pending.id]);
  });

  it('lets no stranger draft for the trainee’s record, nor upload for it', async () => {
    for (const stranger of Object.values(strangers)) {
      const response = await call(w, stranger, 'POST', '/api/v1/contracts/', {
        trainee_supervisor: signed.trainee_supervisor,
      });
      expect([response.statusCode, response.json().detail]).toEqual([
        404,
        CONTRACT_MESSAGES.notFound,
      ]);
    }
    const upload = await w.t.request({
      method: 'POST',
      url: '/api/v1/contracts/upload/',
      token: strangers.otherTrainee?.token,
      ...(await multipart(
        {
          trainee_supervisor: String(signed.trainee_supervisor),
          signed_on: '2026-04-01',
          signers: 'X',
        },
        [{ name: 'c.pdf', bytes: await pdfBytes() }],
      )),
    });
    expect([upload.statusCode, upload.json().detail]).toEqual([404, CONTRACT_MESSAGES.notFound]);
  });

  it('lets a supervisor of the structure read but not sign for another party', async () => {
    // Lee supervises the pending contract's structure; the trainee's signature is not his.
    const lee = strangers.otherStructure as TestUser;
    const seen = await expectCall(w, lee, 'GET', `/api/v1/contracts/${pending.id}/`, 200);
    expect(seen.versions[0]?.signers.map((signer) => signer.can_sign)).toEqual([false, true]);
    const done = await signAs(w, lee, seen);
    const twice = await call(w, lee, 'POST', `/api/v1/contracts/${pending.id}/versions/1/sign/`, {
      ...sign,
      revision: done.versions[0]?.revision,
    });
    expect([twice.statusCode, twice.json().detail]).toEqual([409, CONTRACT_MESSAGES.alreadySigned]);
  });
});
