import { createHash } from 'node:crypto';
import { execFile, execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readPdfText } from '../../src/server/adapters/pdf/pdf-text';
import { CONTRACT_INTENT, CONTRACT_MESSAGES } from '../../src/shared/contracts/contract.schema';
import { contractSectionIds } from '../../src/shared/contracts/contract-template';
import {
  ACTIVITIES,
  call,
  contractsWorld,
  draft,
  expectCall,
  individualize,
  listOf,
  setTrainingDate,
  signAs,
  signedContract,
} from './contracts-support';

/*
 * The supervision contract in the app (issue 39; BCBA Handbook, "Supervision Contract"): drafted
 * from the template, edited until someone signs, signed by every party with a typed name, and
 * kept as a PDF of what they signed.
 */

/** poppler, where it is installed (`apt-get install poppler-utils`), reads the PDF as a viewer does. */
const hasPoppler = (() => {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

async function popplerText(pdf: Buffer): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'ft-contract-'));
  try {
    const file = join(dir, 'contract.pdf');
    await writeFile(file, pdf);
    const { stdout } = await promisify(execFile)('pdftotext', ['-layout', file, '-']);
    return stdout.replace(/\s+/g, ' ');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

let w: Awaited<ReturnType<typeof contractsWorld>>;
beforeEach(async () => {
  w = await contractsWorld();
});
afterEach(() => w.close());

const documentOf = async (url: string, token = w.trainee.token) => {
  const response = await w.t.request({ method: 'GET', url, token });
  expect(response.statusCode, response.body).toBe(200);
  return response;
};

describe('a contract drafted, edited and signed in the app ("the trainee and supervisor(s) must develop and sign a written contract")', () => {
  it('drafts every Handbook element, waits for the activities, and counts from the last signature', async () => {
    const drafted = await draft(w, w.trainee);
    expect(drafted.status).toBe('draft');
    expect(drafted.name).toBe('Ana Núñez');
    expect(drafted.versions).toHaveLength(1);
    const [v1] = drafted.versions;
    expect(v1?.sections.map((section) => section.id)).toEqual(contractSectionIds(false));
    expect(v1?.missing_sections).toEqual(['activities']);
    expect(v1?.signers.map((signer) => [signer.party, signer.name, signer.can_sign])).toEqual([
      ['trainee', 'Zoë Łukasz', false],
      ['supervisor', 'Ana Núñez', false],
    ]);
    expect(drafted.can_edit).toBe(true);
    expect(drafted.can_discard).toBe(true);
    expect((await w.t.lastMailTo(w.supervisor.email))?.subject).toBe(
      'Fieldwork Tracker: Zoë Łukasz asks you to sign a supervision contract',
    );
    // The text cannot be signed before it says what the trainee will do.
    const early = await call(
      w,
      w.trainee,
      'POST',
      `/api/v1/contracts/${drafted.id}/versions/1/sign/`,
      {
        full_name: 'Zoë Łukasz',
        intent: true,
        revision: 1,
      },
    );
    expect(early.statusCode).toBe(400);
    expect(early.json()).toEqual({ sections: [CONTRACT_MESSAGES.sectionRequired] });

    const edited = await individualize(w, w.supervisor, drafted);
    expect(edited.versions[0]?.revision).toBe(2);
    expect(edited.versions[0]?.missing_sections).toEqual([]);
    expect(edited.versions[0]?.sections.find((s) => s.id === 'activities')?.body).toBe(ACTIVITIES);
    expect(edited.versions[0]?.signers.map((signer) => signer.can_sign)).toEqual([false, true]);

    const halfway = await signAs(w, w.trainee, edited);
    expect(halfway.status).toBe('signing');
    expect(halfway.starts_on).toBeNull();
    expect(halfway.can_edit).toBe(false);
    expect(halfway.versions[0]?.signers[0]?.signature).toEqual({
      typed_name: 'Zoë Łukasz',
      signed_on: '2026-04-10',
      signed_at: '2026-04-10T12:00:00.000Z',
    });

    w.t.clock.advanceMinutes(24 * 60 + 30);
    const signed = await signAs(w, w.supervisor, edited);
    expect(signed.status).toBe('in-force');
    expect(signed.starts_on).toBe('2026-04-11');
    expect(signed.versions[0]?.completed_on).toBe('2026-04-11');
    expect(signed.versions[0]?.document).toBe(
      `/api/v1/contracts/${signed.id}/versions/1/document/`,
    );
    expect(signed.versions[0]?.file_name).toBe(`supervision-contract-${signed.id}-v1.pdf`);
    expect([signed.can_amend, signed.can_end, signed.can_discard]).toEqual([true, true, false]);
    expect(signed.history.map((event) => [event.action, event.version, event.by])).toEqual([
      ['drafted', 1, 'Zoë Łukasz'],
      ['edited', 1, 'Ana Núñez'],
      ['signed', 1, 'Zoë Łukasz'],
      ['signed', 1, 'Ana Núñez'],
      ['completed', 1, 'Ana Núñez'],
    ]);
    expect((await w.t.lastMailTo(w.trainee.email))?.text).toContain(
      'was signed by everyone on 4/11/2026',
    );

    const pdf = await documentOf(signed.versions[0]?.document ?? '');
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain(
      `supervision-contract-${signed.id}-v1.pdf`,
    );
    expect(createHash('sha256').update(pdf.rawPayload).digest('hex')).toBe(
      signed.versions[0]?.sha256,
    );
    const text = (await readPdfText(pdf.rawPayload)).flat().join('\n').replace(/\s+/g, ' ');
    expect(text).toContain('Supervision contract: Zoë Łukasz and Ana Núñez');
    expect(text).toContain('Version 1 (the original contract)');
    for (const section of signed.versions[0]?.sections ?? []) expect(text).toContain(section.title);
    expect(text).toContain(ACTIVITIES.replace(/\s+/g, ' '));
    expect(text).toContain(CONTRACT_INTENT);
    expect(text).toContain('Signed as Zoë Łukasz');
    expect(text).toContain('Signed as Ana Núñez');
    expect(text).toContain('Date 4/10/2026');
    expect(text).toContain('Signed at 2026-04-11 12:30:00 UTC');
  });

  it.skipIf(!hasPoppler)(
    'writes a PDF poppler reads: every section, both typed names and the intent',
    async () => {
      const signed = await signedContract(w);
      const text = await popplerText(
        (await documentOf(signed.versions[0]?.document ?? '')).rawPayload,
      );
      expect(text).toContain('Supervision contract: Zoë Łukasz and Ana Núñez');
      for (const section of signed.versions[0]?.sections ?? [])
        expect(text).toContain(section.title);
      expect(text).toContain('Signed as Zoë Łukasz');
      expect(text).toContain('Signed as Ana Núñez');
      expect(text).toContain(
        'I understand that typing my full name below is my electronic signature',
      );
    },
  );

  it('dates each signature in the signer’s own day, and the contract from the last of them (decision 029)', async () => {
    // 12:00 UTC on April 10 is already April 11 at Kiritimati (UTC+14).
    const zone = await call(w, w.supervisor, 'PUT', '/api/v1/time-zone/', {
      time_zone: 'Pacific/Kiritimati',
    });
    expect(zone.statusCode, zone.body).toBe(200);
    const drafted = await individualize(w, w.trainee, await draft(w, w.trainee));
    await signAs(w, w.supervisor, drafted);
    const signed = await signAs(w, w.trainee, drafted);
    expect(signed.versions[0]?.signers.map((signer) => signer.signature?.signed_on)).toEqual([
      '2026-04-10',
      '2026-04-11',
    ]);
    expect(signed.starts_on).toBe('2026-04-11');
  });

  it('refuses a stale revision and any edit once someone has signed', async () => {
    const drafted = await individualize(w, w.trainee, await draft(w, w.trainee));
    const stale = { full_name: 'Ana Núñez', intent: true, revision: 1 };
    const url = `/api/v1/contracts/${drafted.id}/versions/1/`;
    expect((await call(w, w.supervisor, 'POST', `${url}sign/`, stale)).json()).toEqual({
      code: 'CONFLICT',
      detail: CONTRACT_MESSAGES.changedSinceRead,
    });
    const staleEdit = await call(w, w.supervisor, 'PUT', url, {
      title: 'Our contract',
      sections: [{ id: 'code', body: 'We follow the Code.' }],
      revision: 1,
    });
    expect([staleEdit.statusCode, staleEdit.json().detail]).toEqual([
      409,
      CONTRACT_MESSAGES.changedSinceRead,
    ]);

    await signAs(w, w.trainee, drafted);
    const edit = await call(w, w.supervisor, 'PUT', url, {
      title: 'Our contract',
      sections: [{ id: 'code', body: 'We follow the Code.' }],
      revision: 2,
    });
    expect([edit.statusCode, edit.json().detail]).toEqual([409, CONTRACT_MESSAGES.notEditable]);
    const again = await call(w, w.trainee, 'POST', `${url}sign/`, {
      full_name: 'Zoë Łukasz',
      intent: true,
      revision: 2,
    });
    expect([again.statusCode, again.json().detail]).toEqual([409, CONTRACT_MESSAGES.alreadySigned]);
  });

  it('refuses a second live contract for the structure, and discards an unsigned draft only', async () => {
    const drafted = await draft(w, w.trainee);
    const second = await call(w, w.supervisor, 'POST', '/api/v1/contracts/', {
      trainee_supervisor: w.recordId,
    });
    expect([second.statusCode, second.json().detail]).toEqual([
      409,
      CONTRACT_MESSAGES.alreadyExists,
    ]);
    await expectCall(w, w.supervisor, 'DELETE', `/api/v1/contracts/${drafted.id}/`, 204);
    await expectCall(w, w.trainee, 'GET', `/api/v1/contracts/${drafted.id}/`, 404);
    expect((await listOf(w, w.trainee)).results).toEqual([]);

    const signed = await signedContract(w);
    const discard = await call(w, w.trainee, 'DELETE', `/api/v1/contracts/${signed.id}/`);
    expect([discard.statusCode, discard.json().detail]).toEqual([
      409,
      CONTRACT_MESSAGES.notDiscardable,
    ]);
  });

  it('leaves a supervisor whose access ended the contract they signed, to read and download only', async () => {
    const signed = await signedContract(w);
    await expectCall(
      w,
      w.trainee,
      'POST',
      `/api/v1/trainee-supervisors/${w.recordId}/end-access/`,
      200,
    );
    const seen = await expectCall(w, w.supervisor, 'GET', `/api/v1/contracts/${signed.id}/`, 200);
    expect([seen.can_amend, seen.can_end, seen.can_edit, seen.can_discard]).toEqual([
      false,
      false,
      false,
      false,
    ]);
    await documentOf(seen.versions[0]?.document ?? '', w.supervisor.token);
    const end = await call(w, w.supervisor, 'POST', `/api/v1/contracts/${signed.id}/end/`, {
      ended_on: '2026-04-10',
      reason: 'Leaving',
    });
    expect([end.statusCode, end.json().detail]).toEqual([404, CONTRACT_MESSAGES.notFound]);
    await expectCall(w, w.supervisor, 'POST', `/api/v1/contracts/${signed.id}/amendments/`, 404);
  });

  it('lists the trainee’s structures with their live contract, and a supervisor’s with ?trainee=', async () => {
    const before = await listOf(w, w.trainee);
    expect(before.structures).toEqual([
      {
        structure_key: `r${w.recordId}`,
        name: 'Ana Núñez',
        organization: '',
        trainee_supervisor: w.recordId,
        supervisors: [{ trainee_supervisor: w.recordId, name: 'Ana Núñez', has_account: true }],
        contract: null,
      },
    ]);
    const signed = await signedContract(w);
    const mine = await listOf(w, w.supervisor, w.trainee.id);
    expect(mine.results.map((contract) => contract.id)).toEqual([signed.id]);
    expect(mine.structures.map((structure) => structure.contract)).toEqual([signed.id]);
    const missing = await call(w, w.supervisor, 'GET', '/api/v1/contracts/');
    expect([missing.statusCode, missing.json()]).toEqual([400, { trainee: ['⋆Required'] }]);
  });
});

describe('ending a contract ("consequences … including proper termination of the relationship")', () => {
  it('ends on a date from its start to today, once, with a reason; nothing to amend after', async () => {
    const signed = await signedContract(w);
    const end = (body: object) =>
      call(w, w.supervisor, 'POST', `/api/v1/contracts/${signed.id}/end/`, body);
    expect((await end({ ended_on: '2026-04-09', reason: 'Moving away' })).json()).toEqual({
      ended_on: [CONTRACT_MESSAGES.endBeforeStart],
    });
    expect((await end({ ended_on: '2026-04-11', reason: 'Moving away' })).json()).toEqual({
      ended_on: [CONTRACT_MESSAGES.endedOnFuture],
    });
    expect((await end({ ended_on: '2026-04-10', reason: '  ' })).json()).toEqual({
      reason: [CONTRACT_MESSAGES.reasonRequired],
    });
    const ended = (await end({ ended_on: '2026-04-10', reason: 'The clinic closed.' })).json();
    expect([ended.status, ended.ended_on, ended.ended_reason]).toEqual([
      'ended',
      '2026-04-10',
      'The clinic closed.',
    ]);
    expect([ended.can_amend, ended.can_end]).toEqual([false, false]);
    expect((await w.t.lastMailTo(w.trainee.email))?.text).toContain('Reason: The clinic closed.');
    const twice = await end({ ended_on: '2026-04-10', reason: 'Again' });
    expect([twice.statusCode, twice.json().detail]).toEqual([409, CONTRACT_MESSAGES.alreadyEnded]);
    const amend = await call(w, w.trainee, 'POST', `/api/v1/contracts/${signed.id}/amendments/`);
    expect(amend.statusCode).toBe(409);
    // A new contract may be drafted for the structure now.
    await draft(w, w.trainee);
  });

  it('cannot end what nobody has signed', async () => {
    const drafted = await draft(w, w.trainee);
    const end = await call(w, w.trainee, 'POST', `/api/v1/contracts/${drafted.id}/end/`, {
      ended_on: '2026-04-10',
      reason: 'Changed my mind',
    });
    expect([end.statusCode, end.json().detail]).toEqual([409, CONTRACT_MESSAGES.notSigned]);
  });
});

describe('the supervisor’s 8-hour training "before signing a supervision contract" (Handbook, "Supervisor Qualifications")', () => {
  it.each([
    ['completed after the contract was signed', '2026-04-20', ['training-after-contract']],
    ['not on record', null, ['training-unknown']],
    ['completed the day it was signed', '2026-04-10', []],
  ])('flags a supervisor whose training was %s', async (_case, on, codes) => {
    await setTrainingDate(w.t, w.supervisor, on);
    const signed = await signedContract(w);
    expect(signed.flags.map((flag) => flag.code)).toEqual(codes);
    const seen = await expectCall(w, w.trainee, 'GET', `/api/v1/contracts/${signed.id}/`, 200);
    expect(seen.flags).toEqual(signed.flags);
  });
});
