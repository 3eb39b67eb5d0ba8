import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CONTRACT_MESSAGES } from '../../src/shared/contracts/contract.schema';
import { call, contractsWorld, draft, expectCall } from './contracts-support';

/*
 * What a contract refuses (issue 39): bad input answers 400 with the field's message (never a
 * 500), and a record a contract names stays.
 */

let w: Awaited<ReturnType<typeof contractsWorld>>;
beforeEach(async () => {
  w = await contractsWorld();
});
afterEach(() => w.close());

describe('the parties stay ("retain a copy of the contract … for at least seven years")', () => {
  it('keeps a supervisor record a contract names, even a discarded draft’s: its access is ended instead', async () => {
    const drafted = await draft(w, w.trainee);
    await expectCall(w, w.trainee, 'DELETE', `/api/v1/contracts/${drafted.id}/`, 204);
    const removal = await call(
      w,
      w.trainee,
      'DELETE',
      `/api/v1/trainee-supervisors/${w.recordId}/`,
    );
    expect(removal.statusCode, removal.body).toBe(409);
    expect(removal.json().detail).toContain('party to a supervision contract');
  });
});

describe('bad input answers 400 with the field, never a 500', () => {
  it.each([
    [
      'PUT',
      'versions/1/',
      { title: 'T', sections: [{ id: 'nope', body: 'x' }], revision: 1 },
      { sections: [CONTRACT_MESSAGES.unknownSection] },
    ],
    [
      'PUT',
      'versions/1/',
      { title: 'T', sections: [{ id: 'code', body: ' ' }], revision: 1 },
      { sections: [CONTRACT_MESSAGES.sectionRequired] },
    ],
    [
      'PUT',
      'versions/1/',
      { title: '', sections: [], revision: 1 },
      { title: [CONTRACT_MESSAGES.sectionRequired] },
    ],
    [
      'POST',
      'versions/1/sign/',
      { full_name: 'Zoë Łukasz', intent: false, revision: 1 },
      { intent: [CONTRACT_MESSAGES.intentRequired] },
    ],
    [
      'POST',
      'versions/1/sign/',
      { full_name: '', intent: true, revision: 1 },
      { full_name: [CONTRACT_MESSAGES.nameRequired] },
    ],
    ['POST', 'end/', { ended_on: '2026-02-30', reason: 'x' }, { ended_on: ['⋆Invalid date'] }],
  ] as const)('%s %s %j', async (method, path, body, errors) => {
    const drafted = await draft(w, w.trainee);
    const response = await call(
      w,
      w.trainee,
      method,
      `/api/v1/contracts/${drafted.id}/${path}`,
      body,
    );
    expect([response.statusCode, response.json()]).toEqual([400, errors]);
  });

  it('answers an unknown version 404 and a malformed id 400', async () => {
    const drafted = await draft(w, w.trainee);
    await expectCall(
      w,
      w.trainee,
      'GET',
      `/api/v1/contracts/${drafted.id}/versions/9/document/`,
      404,
    );
    await expectCall(
      w,
      w.trainee,
      'GET',
      `/api/v1/contracts/${drafted.id}/versions/1/document/`,
      404,
    );
    expect((await call(w, w.trainee, 'GET', '/api/v1/contracts/abc/')).statusCode).toBe(400);
    expect(
      (await call(w, w.trainee, 'POST', '/api/v1/contracts/', { trainee_supervisor: 'x' }))
        .statusCode,
    ).toBe(400);
  });
});
