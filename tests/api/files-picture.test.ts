import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_MAX_BYTES } from '../../src/shared/files/file-content';
import { createTrainee } from '../helpers/factories';
import { JPEG_BYTES, pdfBytes, PNG_BYTES } from '../helpers/file-fixtures';
import { filesWorld, uploadPicture as uploadPictureSteps } from './files-support';
import type { TestUser } from '../helpers/factories';

let w: Awaited<ReturnType<typeof filesWorld>>;
beforeAll(async () => {
  w = await filesWorld();
});
afterAll(() => w.close());

type SignedUrl = {
  key: string;
  url: string;
  method: string;
  expires_at: string;
  max_bytes: number;
};

async function signedUrl(user: TestUser, payload?: Record<string, unknown>) {
  const response = await w.t.request({
    method: 'POST',
    url: '/users/upload/signed-url',
    token: user.token,
    payload: payload ?? {},
  });
  expect(response.statusCode).toBe(200);
  return response.json<SignedUrl>();
}

/** The contract's three steps: a signed URL, the PUT (no sign-in header), the confirmation. */
const uploadPicture = (user: TestUser, bytes: Buffer, type = 'image/png') =>
  uploadPictureSteps(w.t, user, bytes, { key: `media/test/${user.id}/${Date.now()}.png`, type });

const objects = () => w.store.listKeys();

describe('the profile picture', () => {
  it('hands out a signed PUT URL for the key the client names, with the limit', async () => {
    const key = `media/test/${w.trainee.id}/1767225600000.png`;
    const answer = await signedUrl(w.trainee, { key });
    expect(answer).toMatchObject({ key, method: 'PUT', max_bytes: FILE_MAX_BYTES });
    expect(answer.url).toMatch(/^\/api\/v1\/storage\/object\/\?token=/);
    expect(new Date(answer.expires_at).getTime() - w.t.clock.now.getTime()).toBe(15 * 60_000);
    const made = await signedUrl(w.trainee);
    expect(made.key).toMatch(new RegExp(`^media/uploads/${w.trainee.id}/\\d+_[0-9a-f]{12}\\.png$`));
  });

  it('answers 401 without a session and refuses another user’s key', async () => {
    const anonymous = await w.t.request({
      method: 'POST',
      url: '/users/upload/signed-url',
      payload: {},
    });
    expect(anonymous.statusCode).toBe(401);
    const other = await createTrainee(w.t.db);
    for (const url of ['/users/upload/signed-url', '/users/upload/picture']) {
      const response = await w.t.request({
        method: 'POST',
        url,
        token: w.trainee.token,
        payload: { key: `media/test/${other.id}/1.png` },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ key: ['Not a valid upload key'] });
    }
  });

  it('sets a PNG as the picture; the profile answers carry its address', async () => {
    const response = await uploadPicture(w.trainee, PNG_BYTES);
    expect(response.statusCode).toBe(200);
    const pic = response.json<{ profile_pic: string }>().profile_pic;
    expect(pic).toMatch(new RegExp(`^/api/v1/users/picture/${w.trainee.id}/[0-9a-f-]{36}\\.png$`));
    const profile = await w.t.request({
      method: 'GET',
      url: '/users/profile/',
      token: w.trainee.token,
    });
    expect(profile.json<{ results: { profile_pic: string }[] }>().results[0]?.profile_pic).toBe(
      pic,
    );
    // Only the checked copy is kept; the direct upload is gone.
    expect(await objects()).toEqual([`pictures/${pic.split('/picture/')[1]}`]);

    const shown = await w.t.request({ method: 'GET', url: pic });
    expect(shown.statusCode).toBe(302);
    const image = await w.t.request({ method: 'GET', url: String(shown.headers.location) });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.rawPayload.equals(PNG_BYTES)).toBe(true);
  });

  it('replaces the picture: the old one is removed and its address no longer answers', async () => {
    const first = (await uploadPicture(w.trainee, PNG_BYTES)).json<{ profile_pic: string }>();
    const second = await uploadPicture(w.trainee, JPEG_BYTES, 'image/jpeg');
    const pic = second.json<{ profile_pic: string }>().profile_pic;
    expect(pic).toMatch(/\.jpg$/);
    expect(await objects()).toEqual([`pictures/${pic.split('/picture/')[1]}`]);
    expect((await w.t.request({ method: 'GET', url: first.profile_pic })).statusCode).toBe(404);
  });

  it('refuses a PDF disguised as a PNG, keeping the old picture and nothing else', async () => {
    const before = await objects();
    const response = await uploadPicture(w.trainee, await pdfBytes(), 'image/png');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ key: ['Invalid File Format'] });
    expect(await objects()).toEqual(before);
  });

  it('refuses a direct upload over 20 MB while it streams, storing nothing', async () => {
    const before = await objects();
    const { url, key } = await signedUrl(w.trainee);
    const put = await w.t.request({
      method: 'PUT',
      url,
      payload: Buffer.alloc(FILE_MAX_BYTES + 1),
    });
    expect(put.statusCode).toBe(413);
    expect(put.json()).toEqual({
      detail: 'File size cannot be more than 20MB',
      code: 'PAYLOAD_TOO_LARGE',
    });
    expect(await objects()).toEqual(before);
    const confirm = await w.t.request({
      method: 'POST',
      url: '/users/upload/picture',
      token: w.trainee.token,
      payload: { key },
    });
    expect(confirm.statusCode).toBe(400);
    expect(confirm.json()).toEqual({
      key: ['Nothing was uploaded with this key. Upload the picture first.'],
    });
  });

  it('lets a supervisor set their picture too', async () => {
    const response = await uploadPicture(w.supervisor, JPEG_BYTES, 'image/jpeg');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: w.supervisor.id,
      profile_pic: expect.stringMatching(/\.jpg$/),
    });
  });

  it('limits signed upload links to 20 an hour per user', async () => {
    const user = await createTrainee(w.t.db);
    for (let i = 0; i < 20; i += 1) await signedUrl(user);
    const response = await w.t.request({
      method: 'POST',
      url: '/users/upload/signed-url',
      token: user.token,
      payload: {},
    });
    expect(response.statusCode).toBe(429);
    expect(response.json()).toMatchObject({ code: 'RATE_LIMITED' });
  });

  it('does not serve an address that is not a current picture', async () => {
    const response = await w.t.request({
      method: 'GET',
      url: `/api/v1/users/picture/${w.trainee.id}/00000000-0000-4000-8000-000000000000.png`,
    });
    expect(response.statusCode).toBe(404);
  });
});
