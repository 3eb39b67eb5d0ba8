import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readPdfText } from '../../src/server/adapters/pdf/pdf-text';
import { CONTRACT_MESSAGES } from '../../src/shared/contracts/contract.schema';
import { contractSectionIds } from '../../src/shared/contracts/contract-template';
import { createSupervisor } from '../helpers/factories';
import {
  ACTIVITIES,
  call,
  contractsWorld,
  draft,
  expectCall,
  individualize,
  signAs,
  signedContract,
} from './contracts-support';
import { atOrganization, linkSupervisor } from './forms-support';

/*
 * An organization's contract ("All parties are required to sign the supervision contract") and
 * amendments ("each amendment must be signed and dated by all relevant parties"), BCBA Handbook,
 * "Supervision Contract".
 */

let w: Awaited<ReturnType<typeof contractsWorld>>;
beforeEach(async () => {
  w = await contractsWorld();
});
afterEach(() => w.close());

const pdfText = async (url: string) => {
  const response = await w.t.request({ method: 'GET', url, token: w.trainee.token });
  expect(response.statusCode, response.body).toBe(200);
  return {
    bytes: response.rawPayload,
    text: (await readPdfText(response.rawPayload)).flat().join('\n').replace(/\s+/g, ' '),
  };
};

/** Ana and Lee at Acme ABA (both linked), and Kim's record there, with no account. */
async function organizationWorld() {
  const lee = await createSupervisor(w.t.db, { name: 'Lee Park' });
  const leeRecord = await linkSupervisor(w.t, w.trainee, lee, 'Lee', 'Park');
  await atOrganization(w, w.recordId, 'Acme ABA');
  await atOrganization(w, leeRecord, ' acme  aba ');
  return { lee, leeRecord };
}

describe('a contract with every supervisor at one organization ("all supervisors must sign the contract")', () => {
  it('lists each supervisor’s roles and is in force only once every supervisor has signed', async () => {
    const { lee, leeRecord } = await organizationWorld();
    const drafted = await draft(w, lee, leeRecord);
    expect([drafted.name, drafted.organization, drafted.structure_key]).toEqual([
      'Acme ABA',
      'Acme ABA',
      'o:acme aba',
    ]);
    const [v1] = drafted.versions;
    expect(v1?.sections.map((section) => section.id)).toEqual(contractSectionIds(true));
    const roles = v1?.sections.find((section) => section.id === 'organization-roles')?.body;
    expect(roles).toContain('Ana Núñez: role');
    expect(roles).toContain('Lee Park: role');
    expect(v1?.signers.map((signer) => [signer.party, signer.name])).toEqual([
      ['trainee', 'Zoë Łukasz'],
      ['supervisor', 'Ana Núñez'],
      ['supervisor', 'Lee Park'],
    ]);
    expect((await w.t.lastMailTo(w.supervisor.email))?.subject).toBe(
      'Fieldwork Tracker: Lee Park asks you to sign a supervision contract',
    );

    const edited = await individualize(w, w.trainee, drafted);
    await signAs(w, w.trainee, edited);
    const two = await signAs(w, lee, edited);
    expect([two.status, two.starts_on]).toEqual(['signing', null]);
    const all = await signAs(w, w.supervisor, edited);
    expect([all.status, all.starts_on]).toEqual(['in-force', '2026-04-10']);
    const { text } = await pdfText(all.versions[0]?.document ?? '');
    expect(text).toContain('Supervision Acme ABA');
    expect(text).toContain('Signed as Lee Park');
    expect(text).toContain('Signed as Ana Núñez');
    expect(text).toContain('Each supervisor’s roles, responsibilities and expectations');
  });

  it('says who cannot sign for want of an account (the trainee is told to invite them or upload)', async () => {
    await organizationWorld();
    const kim = await expectCall<{ id: number }>(
      w,
      w.trainee,
      'POST',
      '/api/v1/trainee-supervisors/',
      201,
      { name: 'Kim', lastname: 'Lee', email: 'kim.lee@example.com', organization: 'Acme ABA' },
    );
    const drafted = await draft(w, w.trainee);
    const signer = drafted.versions[0]?.signers.find((item) => item.trainee_supervisor === kim.id);
    expect([signer?.name, signer?.has_account, signer?.can_sign]).toEqual([
      'Kim Lee',
      false,
      false,
    ]);
    expect(drafted.flags).toEqual([
      {
        code: 'no-account',
        message: `Kim Lee cannot sign in the app. ${CONTRACT_MESSAGES.noAccount}`,
      },
    ]);
  });
});

describe('amendments ("each amendment must be signed and dated by all relevant parties")', () => {
  it('adds a version from the signed text, keeps version 1 and its PDF, and needs every signature again', async () => {
    const signed = await signedContract(w);
    const original = await pdfText(signed.versions[0]?.document ?? '');
    w.t.clock.advanceMinutes(30 * 24 * 60);

    const amended = await expectCall(
      w,
      w.supervisor,
      'POST',
      `/api/v1/contracts/${signed.id}/amendments/`,
      201,
    );
    expect(
      amended.versions.map((version) => [version.version, version.is_complete, version.amends]),
    ).toEqual([
      [1, true, null],
      [2, false, 1],
    ]);
    expect(amended.versions[1]?.sections).toEqual(amended.versions[0]?.sections);
    expect([amended.status, amended.starts_on, amended.can_amend]).toEqual([
      'in-force',
      '2026-04-10',
      false,
    ]);
    expect((await w.t.lastMailTo(w.trainee.email))?.subject).toBe(
      'Fieldwork Tracker: Ana Núñez asks you to sign amendment 1 of your supervision contract',
    );
    const again = await call(w, w.trainee, 'POST', `/api/v1/contracts/${signed.id}/amendments/`);
    expect([again.statusCode, again.json().detail]).toEqual([
      409,
      CONTRACT_MESSAGES.amendmentPending,
    ]);

    const version = amended.versions[1];
    const edited = await expectCall(
      w,
      w.trainee,
      'PUT',
      `/api/v1/contracts/${signed.id}/versions/2/`,
      200,
      {
        title: version?.title,
        sections: [
          {
            id: 'activities',
            body: `${ACTIVITIES} From June, one parent-training session a week.`,
          },
        ],
        revision: version?.revision,
      },
    );
    const half = await signAs(w, w.trainee, edited, 2);
    expect(half.versions[1]?.is_complete).toBe(false);
    const done = await signAs(w, w.supervisor, edited, 2);
    expect(done.versions.map((item) => item.completed_on)).toEqual(['2026-04-10', '2026-05-10']);
    expect(done.starts_on).toBe('2026-04-10');
    expect(done.can_amend).toBe(true);

    const v2 = await pdfText(done.versions[1]?.document ?? '');
    expect(v2.text).toContain('Version 2: Amends version 1');
    expect(v2.text).toContain('one parent-training session a week');
    const v1 = await pdfText(done.versions[0]?.document ?? '');
    expect(createHash('sha256').update(v1.bytes).digest('hex')).toBe(done.versions[0]?.sha256);
    expect(v1.text).toBe(original.text);
    expect(v1.text).not.toContain('parent-training');
  });

  it('asks for an amendment when a supervisor joins the organization, and has them sign it', async () => {
    const { lee, leeRecord } = await organizationWorld();
    const drafted = await individualize(w, w.trainee, await draft(w, w.trainee));
    for (const party of [w.trainee, w.supervisor, lee]) await signAs(w, party, drafted);
    const rhea = await createSupervisor(w.t.db, { name: 'Rhea Rowan' });
    const rheaRecord = await linkSupervisor(w.t, w.trainee, rhea, 'Rhea', 'Rowan');
    await atOrganization(w, rheaRecord, 'ACME ABA');

    const joined = await expectCall(w, lee, 'GET', `/api/v1/contracts/${drafted.id}/`, 200);
    expect(joined.flags).toContainEqual({
      code: 'not-a-party',
      message: CONTRACT_MESSAGES.notAParty('Rhea Rowan', 1),
    });
    const amended = await expectCall(
      w,
      lee,
      'POST',
      `/api/v1/contracts/${drafted.id}/amendments/`,
      201,
    );
    expect(amended.versions[1]?.signers.map((signer) => signer.trainee_supervisor)).toEqual([
      null,
      w.recordId,
      leeRecord,
      rheaRecord,
    ]);
    expect(amended.flags.map((flag) => flag.code)).not.toContain('not-a-party');
    for (const party of [w.trainee, w.supervisor, lee]) await signAs(w, party, amended, 2);
    const waiting = await expectCall(w, rhea, 'GET', `/api/v1/contracts/${drafted.id}/`, 200);
    expect(waiting.versions[1]?.is_complete).toBe(false);
    const done = await signAs(w, rhea, waiting, 2);
    expect(done.versions[1]?.is_complete).toBe(true);
  });

  it('cannot amend a contract nobody has signed', async () => {
    const drafted = await draft(w, w.trainee);
    const amend = await call(w, w.trainee, 'POST', `/api/v1/contracts/${drafted.id}/amendments/`);
    expect([amend.statusCode, amend.json().detail]).toEqual([409, CONTRACT_MESSAGES.notSigned]);
  });
});
