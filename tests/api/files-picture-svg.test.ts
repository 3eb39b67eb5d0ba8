import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SVG_PICTURE_MESSAGES } from '../../src/server/features/files/svg-picture';
import { INVALID_FILE_FORMAT_MESSAGE } from '../../src/shared/files/file-content';
import type { TestUser } from '../helpers/factories';
import { PNG_BYTES, SVG_BYTES } from '../helpers/file-fixtures';
import { makeStorageFolder, startS3rver } from '../helpers/storage-harness';
import type { TestApp } from '../helpers/test-app';
import {
  filesWorld,
  monthlyFields,
  uploadPicture as uploadPictureSteps,
  uploadRecord,
  type TestStore,
} from './files-support';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const NS = 'xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"';
const svg = (body: string, attributes = 'width="40" height="40"') =>
  Buffer.from(`<?xml version="1.0"?>\n<svg ${NS} ${attributes}>${body}</svg>`);
const circle = '<circle cx="20" cy="20" r="15" fill="teal"/>';

/** SVG pictures on both adapters: drawn into a PNG that is all we keep, or refused leaving nothing. */
describe.each<[string, () => Promise<TestStore>]>([
  ['folder', makeStorageFolder],
  ['s3 (s3rver)', startS3rver],
])('SVG profile pictures: %s', (_name, makeStore) => {
  let w: Awaited<ReturnType<typeof filesWorld>>;
  let t: TestApp;
  let user: TestUser;

  beforeAll(async () => {
    w = await filesWorld(await makeStore());
    ({ t, trainee: user } = w);
  });
  afterAll(() => w.close());

  /** The three steps with `bytes` PUT as an SVG; the confirmation's answer. */
  const uploadPicture = (bytes: Buffer) =>
    uploadPictureSteps(t, user, bytes, {
      key: `media/test/${user.id}/${Date.now()}.svg`,
      type: 'image/svg+xml',
    });

  /** The picture the profile shows, as served: its headers and bytes. */
  async function servedPicture(profilePic: string) {
    const shown = await t.request({ method: 'GET', url: profilePic });
    expect(shown.statusCode).toBe(302);
    return t.request({ method: 'GET', url: String(shown.headers.location) });
  }

  it.each([
    ['with a script element', svg(`<script>alert(document.cookie)</script>${circle}`)],
    ['with onload and onclick handlers', svg(circle, 'width="40" height="40" onload="alert(1)"')],
    ['with a link that runs script', svg(`<a href="#c"><g onclick="alert(1)">${circle}</g></a>`)],
    [
      'with text (drawn with the fonts we ship)',
      svg('<text x="2" y="30" font-size="20">AB</text>'),
    ],
    [
      'with an embedded PNG',
      svg(
        `<image href="data:image/png;base64,${PNG_BYTES.toString('base64')}" width="40" height="40"/>`,
      ),
    ],
    ['with no size of its own', SVG_BYTES],
    ['much larger than a picture', svg(circle, 'width="20000" height="10000" viewBox="0 0 40 20"')],
  ])('draws an SVG %s into a PNG and keeps only the PNG', async (_case, bytes) => {
    const before = await w.store.listKeys();
    const response = await uploadPicture(bytes);
    expect(response.statusCode).toBe(200);
    const pic = response.json<{ profile_pic: string }>().profile_pic;
    expect(pic).toMatch(new RegExp(`^/api/v1/users/picture/${user.id}/[0-9a-f-]{36}\\.png$`));
    const added = (await w.store.listKeys()).filter((key) => !before.includes(key));
    // The PNG replaced the previous picture; the uploaded SVG itself is gone.
    expect(added).toEqual([`pictures/${pic.split('/picture/')[1]}`]);
    expect((await w.store.listKeys()).some((key) => key.startsWith('media/'))).toBe(false);

    const image = await servedPicture(pic);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.headers['content-disposition']).toMatch(
      /^attachment; filename="profile-picture.png"/,
    );
    expect(image.rawPayload.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    // The longer side is 512, the other in proportion.
    const [width, height] = [image.rawPayload.readUInt32BE(16), image.rawPayload.readUInt32BE(20)];
    expect(Math.max(width, height)).toBe(512);
    expect(image.rawPayload.includes('script')).toBe(false);
  });

  it.each([
    [
      'an image on another server',
      svg('<image href="http://169.254.169.254/latest/x.png" width="40" height="40"/>'),
      SVG_PICTURE_MESSAGES.links,
    ],
    [
      'a file of the server',
      svg('<image xlink:href="/etc/ssl/certs/x.png" width="40" height="40"/>'),
      SVG_PICTURE_MESSAGES.links,
    ],
    [
      'an external entity (XXE)',
      Buffer.from(
        `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg ${NS} width="40" height="40"><text y="20">&x;</text></svg>`,
      ),
      SVG_PICTURE_MESSAGES.declarations,
    ],
    [
      'billion laughs',
      Buffer.from(
        `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "lol"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">]><svg ${NS}><text>&d;</text></svg>`,
      ),
      SVG_PICTURE_MESSAGES.declarations,
    ],
    [
      'an absurd width and height',
      svg(circle, 'width="100000000" height="100000000"'),
      SVG_PICTURE_MESSAGES.size,
    ],
    ['a sliver', svg(circle, 'width="1" height="1000"'), SVG_PICTURE_MESSAGES.size],
    ['broken markup', svg('<circle r="5">'), SVG_PICTURE_MESSAGES.unreadable],
    [
      'bytes that are not UTF-8',
      Buffer.concat([svg(''), Buffer.from([0xff, 0xfe])]),
      SVG_PICTURE_MESSAGES.unreadable,
    ],
    [
      'XML that is not SVG',
      Buffer.from('<?xml version="1.0"?><note><to>Tove</to></note>'),
      INVALID_FILE_FORMAT_MESSAGE,
    ],
  ])(
    'refuses an SVG with %s, keeping the picture before and nothing else',
    async (_case, bytes, message) => {
      const before = await w.store.listKeys();
      const profileBefore = await t.request({
        method: 'GET',
        url: '/users/profile/',
        token: user.token,
      });
      const response = await uploadPicture(bytes);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ key: [message] });
      expect(await w.store.listKeys()).toEqual(before);
      const profileAfter = await t.request({
        method: 'GET',
        url: '/users/profile/',
        token: user.token,
      });
      expect(profileAfter.json()).toEqual(profileBefore.json());
    },
  );

  it('refuses an SVG as a record file, keeping nothing', async () => {
    const before = await w.store.listKeys();
    const refused = await uploadRecord(t, user, monthlyFields(w.supervisorRecordId), [
      { name: 'form.svg', bytes: svg(circle), type: 'image/svg+xml' },
    ]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ document: [INVALID_FILE_FORMAT_MESSAGE] });
    expect(await w.store.listKeys()).toEqual(before);
  });
});
