import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFvfTemplate } from '../../src/server/features/forms/fvf/fvf-template.fixture';
import { readFvf } from '../../src/server/features/forms/fvf/fvf-read';
import {
  activeContentOf,
  readerFields,
  readerText,
} from '../../src/server/adapters/pdf/pdf-reader.fixture';
import { experienceLogs } from '../../src/server/db/schema';
import type { FinalForm } from '../../src/shared/forms/final-form.schema';
import type { MonthForm } from '../../src/shared/forms/month-form.schema';
import { createTrainee, type TestUser } from '../helpers/factories';
import { insertPaperForms } from '../helpers/form-factory';
import {
  download,
  dropTemplate,
  filled,
  filledFinal,
  linkSupervisor,
  list,
  listFinal,
  logDays,
  organizationWorld,
  setFormFields,
  sign,
  unsignedFormsOf,
  uploadTemplate,
  type FormsWorld,
} from './forms-support';

/*
 * Issue 26, "Done means": the BACB's forms with their real structure (fvf-fields.ts, built in code)
 * installed the way an operator does (FORMS_DIR) and as a user's upload; a month and a period
 * filled from approved logs, signed, and every value read back off the flattened PDF as a reader
 * shows it (pdf.js) and as its fields held it (pdf-lib); and a second account's upload changes
 * nothing for the first. At an organization: one Organization M-FVF with the hours of every
 * supervisor there, and the Organization F-FVF listing them, signed by the responsible one alone.
 */

let w: FormsWorld;
let lee: TestUser;
let leeRecord: number;

/** Every log of the trainee approved, as their supervisors would. */
const approveAll = (trainee: TestUser) =>
  w.t.db
    .update(experienceLogs)
    .set({ status: 'approved' })
    .where(eq(experienceLogs.traineeId, trainee.id));

beforeAll(async () => {
  // March: Ana and Lee at Acme ABA (organizationWorld); January: 20 concentrated days with
  // Ana, so the period is Mixed; February: one concentrated day (counting nothing, under the
  // monthly minimum), so January to March is one experience (issue 38).
  const world = await organizationWorld();
  ({ lee, leeRecord } = world);
  w = world;
  // The operator's folder: the Organization forms, as the BACB publishes them.
  await dropTemplate(w, 'mfvf-2022-organization');
  await dropTemplate(w, 'ffvf-2022-organization');
  await logDays(w, w.recordId, '2026-01-05', 20, 2);
  await logDays(w, w.recordId, '2026-02-02', 1, 2);
  await approveAll(w.trainee);
  // January's and February's M-FVFs were signed on paper in time (decision 024: unsigned past
  // the deadline, their hours would be at risk and the F-FVF would count none of them).
  await insertPaperForms(w.t.db, {
    traineeId: w.trainee.id,
    traineeSupervisorId: w.recordId,
    months: ['2026-01', '2026-02'],
    experienceTypeId: 2,
  });
});
afterAll(() => w.close());

/** The flattened PDF's text as a reader shows it, and what its fields and records say. */
async function readBack(bytes: Uint8Array) {
  const [page = ''] = await readerText(bytes);
  return {
    page,
    fields: await readerFields(bytes),
    pdf: await readFvf(bytes),
    active: await activeContentOf(bytes),
  };
}

describe('an organization, with the operator’s forms', { timeout: 120_000 }, () => {
  let month: MonthForm;

  it('lists one March form for the organization, with the hours of both its supervisors', async () => {
    const rows = (await list(w, w.trainee)).results.filter((row) => row.month === '2026-03');
    expect(rows).toEqual([
      expect.objectContaining({
        organization: 'Acme ABA',
        trainee_supervisor: w.recordId,
        figures: expect.objectContaining({ total_hours: 75, supervised_hours: 25 }),
      }),
    ]);
  });

  it('fills, signs and flattens the Organization M-FVF; every value reads back', async () => {
    month = await filled(w, {
      month: '2026-03',
      trainee_supervisor: w.recordId,
      expereince_type: 1,
      prorated: true,
    });
    expect(month).toMatchObject({
      variant: 'mfvf-2022-organization',
      organization: 'Acme ABA',
      signers: ['trainee', 'supervisor'],
      template: { source: 'folder' },
    });
    // Ana, the responsible supervisor, has the month to sign; Lee, at the organization too, not.
    expect(await unsignedFormsOf(w, w.supervisor)).toEqual([
      expect.objectContaining({ month: '2026-03', trainee_supervisor: w.recordId }),
    ]);
    expect(await unsignedFormsOf(w, lee)).toEqual([]);
    expect((await sign(w, lee, month.id)).statusCode).toBe(404);
    expect((await sign(w, w.trainee, month.id)).statusCode).toBe(200);
    // Ana signs for everyone at the organization: she waits for Lee's review too (issue 36).
    await w.t.db
      .update(experienceLogs)
      .set({ status: 'pending' })
      .where(eq(experienceLogs.traineeSupervisorId, leeRecord));
    const waiting = await sign(w, w.supervisor, month.id);
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json().detail).toMatch(/^5 logs are not approved yet \(5 pending\): /);
    await approveAll(w.trainee);
    const complete = await sign(w, w.supervisor, month.id);
    expect(complete.statusCode, complete.body).toBe(200);
    expect(complete.json<MonthForm>().is_complete).toBe(true);

    const { page, fields, pdf, active } = await readBack(
      (await download(w, w.trainee, month.id)).bytes,
    );
    expect(fields).toEqual([]);
    expect(active).toEqual([]);
    expect(pdf.isFlattened).toBe(true);
    for (const value of [
      'Zoë Łukasz',
      '1-23-45678',
      '03/2026',
      'Oregon',
      'United States',
      'Ana Núñez',
      '50.00', // independent: 40 + 10
      '25.00', // supervised: 20 + 5
      '75.00',
      '33.3%',
      '/s/ Zoë Łukasz',
      '/s/ Ana Núñez',
      '4/10/2026',
    ]) {
      expect(page).toContain(value);
    }
    expect(pdf.signatures).toMatchObject({
      trainee: { fullName: 'Zoë Łukasz', signedOn: '2026-04-10' },
      supervisor: { fullName: 'Ana Núñez', signedOn: '2026-04-10' },
    });
    // The month is signed for Lee's record too: one form covers the organization.
    const march = (await list(w, w.trainee)).results.filter((row) => row.month === '2026-03');
    expect(march.map((row) => row.state)).toEqual(['signed']);
    // Ana's at-risk list agrees.
    expect(await unsignedFormsOf(w, w.supervisor)).toEqual([]);
  });

  it('fills the Organization F-FVF over a Mixed period; the responsible supervisor alone signs it', async () => {
    const row = (await listFinal(w, w.trainee)).results[0];
    expect(row).toMatchObject({ organization: 'Acme ABA', expereince_type: 3 });
    const form = await filledFinal(w, {
      trainee_supervisor: w.recordId,
      from_month: '2026-01',
      to_month: '2026-03',
    });
    expect(form).toMatchObject({ variant: 'ffvf-2022-organization', signers: ['supervisor'] });
    expect((await sign(w, w.trainee, form.id, undefined, 'final')).statusCode).toBe(409);
    const signed = await sign(w, w.supervisor, form.id, undefined, 'final');
    expect(signed.json<FinalForm>()).toMatchObject({
      is_complete: true,
      completed_on: '2026-04-10',
    });

    const { page, fields, active } = await readBack(
      (await download(w, w.trainee, form.id, 'final')).bytes,
    );
    expect(fields).toEqual([]);
    expect(active).toEqual([]);
    for (const value of [
      '01/2026',
      '03/2026',
      'Ana Núñez',
      'Lee Park',
      'BCBA/BCBA-D',
      '50.00', // supervised fieldwork column: March, both supervisors
      '75.00',
      '40.00', // concentrated column: January with Ana
      '60.00',
      '/s/ Ana Núñez',
    ]) {
      expect(page).toContain(value);
    }
    expect(page).not.toContain('/s/ Zoë');
  });
});

describe('a user’s own upload', { timeout: 120_000 }, () => {
  it('fills and signs from the upload; a second account’s upload changes nothing for the first', async () => {
    const sam = await createTrainee(w.t.db, { name: 'Sam Rivera' });
    await setFormFields(w.t, sam);
    const record = await linkSupervisor(w.t, sam, w.supervisor, 'Ana', 'Núñez');
    await logDays({ t: w.t, trainee: sam }, record, '2026-03-01', 20);
    await approveAll(sam);
    const mine = await uploadTemplate(w.t, sam, await buildFvfTemplate('mfvf-2022-individual'));
    expect(mine.statusCode, mine.body).toBe(201);
    const hostile = await createTrainee(w.t.db);
    const theirs = await uploadTemplate(
      w.t,
      hostile,
      await buildFvfTemplate('mfvf-2022-individual', { extra: ['THEIR_OWN_TERMS'] }),
    );
    expect(theirs.statusCode).toBe(201);

    const world = { t: w.t, trainee: sam };
    const form = await filled(world, {
      month: '2026-03',
      trainee_supervisor: record,
      expereince_type: 1,
    });
    expect(form.template).toEqual({
      source: 'upload',
      sha256: mine.json<{ sha256: string }>().sha256,
    });
    expect((await sign(world, sam, form.id)).statusCode).toBe(200);
    expect((await sign(world, w.supervisor, form.id)).statusCode).toBe(200);
    const { page, pdf, active } = await readBack((await download(world, sam, form.id)).bytes);
    expect(active).toEqual([]);
    expect(pdf.isFlattened).toBe(true);
    for (const value of [
      'Sam Rivera',
      '03/2026',
      '40.00',
      '20.00',
      '60.00',
      '33.3%',
      '/s/ Sam Rivera',
    ]) {
      expect(page).toContain(value);
    }
    expect(page).not.toContain('THEIR_OWN_TERMS');
  });
});
