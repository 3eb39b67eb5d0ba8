import { REQUIRED } from '../../../shared/wire/primitives';
import { AppError } from '../../../shared/errors';
import type { Db } from '../../db/client';
import type { Actor } from '../../plugins/auth';
import { isLinked } from './trainee-links.repository';

type Context = { db: Db; actor: Actor; now: Date };

export async function assertLinkedTrainee(ctx: Context, traineeId: number, includeRemoved = false) {
  if (!(await isLinked(ctx.db, ctx.actor.id, traineeId, { includeRemoved }))) {
    throw new AppError('NOT_FOUND', 'Trainee not found');
  }
}

/** A trainee's own (another id is not found); a supervisor's linked trainee named by u_id. */
export async function traineeInView(ctx: Context, traineeId: number | undefined): Promise<number> {
  if (!ctx.actor.isSupervisor) {
    if (traineeId !== undefined && traineeId !== ctx.actor.id)
      throw new AppError('NOT_FOUND', 'Trainee not found');
    return ctx.actor.id;
  }
  if (traineeId === undefined) throw AppError.field('u_id', REQUIRED);
  await assertLinkedTrainee(ctx, traineeId);
  return traineeId;
}
