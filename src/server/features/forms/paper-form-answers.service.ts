import { and, eq, isNull } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import {
  PAPER_FORM_MESSAGES,
  type PaperForm,
  type PaperFormAnswerRequest,
} from '../../../shared/forms/paper-form.schema';
import { paperForms } from '../../db/schema';
import type { FormsContext } from './official-forms.service';
import { loadVisible, toPaperForm } from './paper-forms.service';

/*
 * The supervisor's answer to a paper form (issue 36, decision 024): the trainee alone declares
 * its signing date, so the supervisor the form names confirms it or rejects it. A declared form
 * counts (shown as declared); a rejected one counts for nothing, and the trainee removes it to
 * record the right one or fills the form in the app. An answer is given once.
 */

/**
 * POST /api/v1/month-forms/paper/{id}/answer/: the supervisor the form names (while they see the
 * trainee) confirms or rejects it; anyone else 404, a trainee 403 (the route's guard).
 */
export async function answerPaperForm(
  ctx: FormsContext & { id: number; request: PaperFormAnswerRequest },
): Promise<PaperForm> {
  const form = await loadVisible(ctx, ctx.id);
  if (form.deletedAt !== null) throw new AppError('CONFLICT', PAPER_FORM_MESSAGES.removed);
  if (form.voidedAt !== null) throw new AppError('CONFLICT', PAPER_FORM_MESSAGES.voided);
  const answered = form.confirmedAt ? 'confirmed' : form.rejectedAt ? 'rejected' : null;
  if (answered) throw new AppError('CONFLICT', PAPER_FORM_MESSAGES.alreadyAnswered(answered));
  const isConfirmed = ctx.request.answer === 'confirmed';
  const rows = await ctx.db
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
    // Still unanswered and live: of two answers at once, one wins.
    .where(
      and(
        eq(paperForms.id, form.id),
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
  return toPaperForm(await loadVisible(ctx, form.id));
}
