/*
 * The expired dialog's test is the paywall's own (shared/billing/access.ts): the client shows the
 * dialog exactly when the server refuses the trainee's writes (issue 27).
 */
export { expiredAccessOf, type ExpiredAccess } from '../../shared/billing/access';
