import type { FastifyInstance } from 'fastify';
import type { SecurityEventKind } from '../../../shared/security/security.schema';
import type { Db } from '../../db/client';
import type { RouteKey } from '../../plugins/paywall';
import { clientInfoOf, recordSecurityEvent } from '../accounts';

/**
 * The role-relevant actions kept in the actor's security activity, by route: who their
 * supervisors and trainees are, what they signed, what they pay. The sign-in events are written by
 * the accounts and security services themselves, in the transaction of the change.
 */
export const AUDITED_ROUTES: ReadonlyMap<string, SecurityEventKind> = new Map<
  RouteKey,
  SecurityEventKind
>([
  ['POST /api/v1/trainee-supervisors/', 'supervisor_added'],
  ['DELETE /api/v1/trainee-supervisors/:id/', 'supervisor_removed'],
  ['POST /api/v1/remove-user/', 'trainee_removed'],
  ['POST /api/v1/restore-user/', 'trainee_restored'],
  ['POST /api/v1/month-signoff/', 'month_signed'],
  ['POST /api/v1/month-signoff/reopen/', 'month_reopened'],
  ['POST /api/v1/charge-payment/', 'subscription_changed'],
  ['PUT /api/v1/charge-payment/', 'subscription_changed'],
  ['POST /api/v1/modify-subscription/', 'subscription_changed'],
  ['POST /api/v1/modify-payment-method/', 'payment_method_changed'],
]);

/** Which record an audited action was about: ids and months only, never free text. */
const SUBJECT_FIELDS = ['id', 'u_id', 'month', 'sub_id'] as const;

function subjectOf(...sources: unknown[]): Record<string, unknown> {
  const subject: Record<string, unknown> = {};
  for (const source of sources) {
    if (typeof source !== 'object' || source === null) continue;
    for (const field of SUBJECT_FIELDS) {
      const value: unknown = Reflect.get(source, field);
      if (typeof value === 'number' || typeof value === 'string') subject[field] = value;
    }
  }
  return subject;
}

/**
 * Records a successful audited action before its answer leaves (so a client that reads its
 * security activity right after sees it).
 */
export function registerSecurityAudit(app: FastifyInstance, db: Db): void {
  app.addHook('onSend', async (request, reply) => {
    const actor = request.actor;
    if (!actor || reply.statusCode >= 300) return;
    const kind = AUDITED_ROUTES.get(`${request.method} ${request.routeOptions.url}`);
    if (!kind) return;
    await recordSecurityEvent(db, {
      userId: actor.id,
      kind,
      client: clientInfoOf(request),
      details: subjectOf(request.params, request.body),
    });
  });
}
