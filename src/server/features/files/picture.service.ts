import type { FastifyBaseLogger } from 'fastify';
import { randomBytes, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { User } from '../../../shared/accounts/account.schema';
import { AppError } from '../../../shared/errors';
import { FILE_MAX_BYTES, type AcceptedType } from '../../../shared/files/file-content';
import {
  PICTURE_KEY_MESSAGE,
  PICTURE_UPLOAD_KEY,
  type PictureSignedUrlAnswer,
} from '../../../shared/files/profile-picture.schema';
import type { StoragePort } from '../../adapters/storage/storage.port';
import type { Db } from '../../db/client';
import type { Actor } from '../../plugins/auth';
import { consumeRateLimit, RATE_LIMITS } from '../../plugins/rate-limit';
import { getProfile } from '../profile';
import { discardOnFailure, storeChecked, type StoredFile } from './files.upload';
import * as repo from './picture.repository';
import { PICTURE_PREFIX } from '../../../shared/files/profile-picture-url';

type Context = { db: Db; storage: StoragePort; actor: Actor; now: Date };

const NOT_UPLOADED = 'Nothing was uploaded with this key. Upload the picture first.';

function pictureKey(userId: number, type: AcceptedType): string {
  return `${PICTURE_PREFIX}${userId}/${randomUUID()}.${type.ext}`;
}

function uploadKeyFor(actor: Actor, now: Date, requested: string | undefined): string {
  if (!requested) {
    return `media/uploads/${actor.id}/${now.getTime()}_${randomBytes(6).toString('hex')}.png`;
  }
  const owner = PICTURE_UPLOAD_KEY.exec(requested)?.[1];
  if (Number(owner) !== actor.id) throw AppError.field('key', PICTURE_KEY_MESSAGE);
  return requested;
}

/** Step 1 of 3 (SPEC §7): a signed URL the browser PUTs the picture to, without signing in. */
export async function createPictureUploadUrl(
  ctx: Context & { key: string | undefined },
): Promise<PictureSignedUrlAnswer> {
  await consumeRateLimit(
    ctx.db,
    `picture-upload:${ctx.actor.id}`,
    RATE_LIMITS.pictureUpload,
    ctx.now,
  );
  const key = uploadKeyFor(ctx.actor, ctx.now, ctx.key);
  const { url, expiresAt } = await ctx.storage.signedPutUrl(key, { maxBytes: FILE_MAX_BYTES });
  return {
    key,
    url,
    method: 'PUT',
    expires_at: expiresAt.toISOString(),
    max_bytes: FILE_MAX_BYTES,
  };
}

/**
 * Step 3 of 3: checks size too (a presigned S3 PUT has no limit). The upload is copied to a key
 * only the server writes, so changing it afterwards (its URL still works a while) changes nothing.
 */
export async function setProfilePicture(
  ctx: Context & { key: string; log: FastifyBaseLogger },
): Promise<{
  user: User;
  replacedKey: string | null;
}> {
  const uploaded = uploadKeyFor(ctx.actor, ctx.now, ctx.key);
  const source: Readable | null = await ctx.storage.get(uploaded);
  if (!source) throw AppError.field('key', NOT_UPLOADED);
  let picture: StoredFile;
  try {
    picture = await storeChecked({
      storage: ctx.storage,
      source,
      purpose: 'picture',
      field: 'key',
      filename: 'profile-picture',
      keyFor: (type) => pictureKey(ctx.actor.id, type),
    });
  } finally {
    source.destroy();
    await ctx.storage.delete(uploaded);
  }
  const replacedKey = await discardOnFailure(ctx.storage, picture, ctx.log, () =>
    repo.replaceProfilePicture(ctx.db, ctx.actor.id, picture.key),
  );
  return { user: await getProfile(ctx), replacedKey };
}

/** A download link for a user's current picture; an old or unknown one is not found. */
export async function pictureDownloadUrl(ctx: {
  db: Db;
  storage: StoragePort;
  userId: number;
  name: string;
}): Promise<string> {
  const key = `${PICTURE_PREFIX}${ctx.userId}/${ctx.name}`;
  if (!(await repo.isCurrentPicture(ctx.db, ctx.userId, key))) {
    throw new AppError('NOT_FOUND', 'Picture not found');
  }
  const ext = key.endsWith('.png') ? 'png' : 'jpg';
  return ctx.storage.signedGetUrl(key, {
    filename: `profile-picture.${ext}`,
    contentType: ext === 'png' ? 'image/png' : 'image/jpeg',
  });
}
