import { and, eq, isNull } from 'drizzle-orm';
import { AppError } from '../../../../shared/errors';
import {
  PAPER_FORM_MESSAGES,
  type PaperForm,
  type PaperFormAnswerRequest,
} from '../../../../shared/forms/paper-form.schema';
import type { Db } from '../../../db/client';
import { paperForms } from '../../../db/schema';
import { assertReviewedForSignature, signOffWithForm } from '../form-signing.service';
import type { FormsContext } from '../form-access';
import { loadVisible, toPaperForm } from './paper-forms.service';

// The supervisor's answer to a paper form (issue 36, decision 024): the trainee alone declares
// its signing date, so the supervisor the form names confirms or rejects it, once.

/** A trainee gets a 403 from the route's guard; anyone but the named supervisor, a 404. */
export async function answerPaperForm(
  ctx: FormsContext & { id: number; request: PaperFormAnswerRequest },
): Promise<PaperForm> {
  const form = await loadVisible(ctx, ctx.id);
  if (form.deletedAt !== null) throw new AppError('CONFLICT', PAPER_FORM_MESSAGES.removed);
  if (form.voidedAt !== null) throw new AppError('CONFLICT', PAPER_FORM_MESSAGES.voided);
  const answered = form.confirmedAt ? 'confirmed' : form.rejectedAt ? 'rejected' : null;
  if (answered) throw new AppError('CONFLICT', PAPER_FORM_MESSAGES.alreadyAnswered(answered));
  const isConfirmed = ctx.request.answer === 'confirmed';
  // Confirming is the supervisor's signature, as signing in the app (form-signing.service.ts).
  if (isConfirmed) await assertReviewedForSignature(ctx.db, form);
  await ctx.db.transaction(async (tx) => {
    await answerOnce(tx, ctx, form.id);
    if (isConfirmed) {
      await assertReviewedForSignature(tx, form);
      await signOffWithForm(tx, form, ctx.actor.id, ctx.now);
    }
  });
  return toPaperForm(await loadVisible(ctx, form.id));
}

/** Writes the answer if the form is still live and unanswered: of two answers at once, one wins. */
async function answerOnce(
  tx: Db,
  ctx: FormsContext & { request: PaperFormAnswerRequest },
  id: number,
): Promise<void> {
  const isConfirmed = ctx.request.answer === 'confirmed';
  const rows = await tx
    .update(paperForms)
    .set(
      isConfirmed
        ? { confirmedAt: ctx.now, confirmedBy: ctx.actor.id }
        : {
            rejectedAt: ctx.now,
            rejectedBy: ctx.actor.id,
            rejectionReason: ctx.request.reason ?? null,
          },
    )
    .where(
      and(
        eq(paperForms.id, id),
        isNull(paperForms.deletedAt),
        isNull(paperForms.voidedAt),
        isNull(paperForms.confirmedAt),
        isNull(paperForms.rejectedAt),
      ),
    )
    .returning({ id: paperForms.id });
  if (rows.length === 0) {
    throw new AppError(
      'CONFLICT',
      'This paper form changed meanwhile: reload it and answer again.',
    );
  }
}
