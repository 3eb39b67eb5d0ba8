import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { supervisorProfiles } from '../../src/server/db/schema';
import type { Contract, ContractList } from '../../src/shared/contracts/contract.schema';
import type { TestUser } from '../helpers/factories';
import type { TestApp } from '../helpers/test-app';
import { formsWorld } from './forms-support';

/*
 * The contracts' test world (issue 39): the forms world's trainee (Zoë Łukasz) and her linked
 * supervisor (Ana Núñez, record `recordId`), on April 10, 2026 (UTC), with its own storage folder.
 */

export const contractsWorld = formsWorld;
export type World = { t: TestApp; trainee: TestUser; supervisor: TestUser; recordId: number };

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export function call(
  w: { t: TestApp },
  user: { token: string },
  method: Method,
  url: string,
  payload?: object,
): Promise<LightMyRequestResponse> {
  return w.t.request({ method, url, token: user.token, ...(payload ? { payload } : {}) });
}

/** A request that must answer `status`; its JSON body (or null for an empty one). */
export async function expectCall<T = Contract>(
  w: { t: TestApp },
  user: { token: string },
  method: Method,
  url: string,
  status: number,
  payload?: object,
): Promise<T> {
  const response = await call(w, user, method, url, payload);
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(status);
  return (response.body ? response.json() : null) as T;
}

export const draft = (w: World, user: { token: string }, record = w.recordId) =>
  expectCall(w, user, 'POST', '/api/v1/contracts/', 201, { trainee_supervisor: record });

export const ACTIVITIES =
  'Zoë will run discrete-trial and naturalistic teaching programs for two clients at the clinic, ' +
  'graph their data weekly and write one skill-acquisition plan a month (Task List sections C and G).';

/** Writes the section the template leaves to individualize; answers the new revision. */
export async function individualize(
  w: World,
  user: { token: string },
  contract: Contract,
  n = 1,
): Promise<Contract> {
  const version = contract.versions.find((item) => item.version === n);
  if (!version) throw new Error(`no version ${n}`);
  return expectCall(w, user, 'PUT', `/api/v1/contracts/${contract.id}/versions/${n}/`, 200, {
    title: version.title,
    sections: [{ id: 'activities', body: ACTIVITIES }],
    revision: version.revision,
  });
}

export function signAs(
  w: World,
  user: TestUser,
  contract: Contract,
  n = 1,
  status = 200,
): Promise<Contract> {
  const version = contract.versions.find((item) => item.version === n);
  return expectCall(
    w,
    user,
    'POST',
    `/api/v1/contracts/${contract.id}/versions/${n}/sign/`,
    status,
    {
      full_name: user.name,
      intent: true,
      revision: version?.revision ?? 1,
    },
  );
}

export const listOf = (w: World, user: { token: string }, trainee?: number) =>
  expectCall<ContractList>(
    w,
    user,
    'GET',
    `/api/v1/contracts/${trainee === undefined ? '' : `?trainee=${trainee}`}`,
    200,
  );

/** The supervisor account's 8-hour training date, as their profile would record it. */
export async function setTrainingDate(t: TestApp, supervisor: TestUser, on: string | null) {
  await t.db
    .update(supervisorProfiles)
    .set({ trainingCompletedOn: on })
    .where(eq(supervisorProfiles.userId, supervisor.id));
}

/** A contract drafted, individualized and signed by the trainee and the supervisor. */
export async function signedContract(w: World): Promise<Contract> {
  const drafted = await individualize(w, w.trainee, await draft(w, w.trainee));
  await signAs(w, w.trainee, drafted);
  return signAs(w, w.supervisor, drafted);
}
