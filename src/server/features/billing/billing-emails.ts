import { formatUsd } from '../../../shared/billing/price';
import { formatUsDate } from '../../../shared/logs/time';
import type { MailMessage } from '../../adapters/mail/mailer';

const day = (instant: Date) => formatUsDate(instant.toISOString().slice(0, 10));
const TEST_MODE_NOTE = 'Test mode: this payment went to the sandbox provider; no money moved.';

export type ReceiptKind = 'charge' | 'trial' | 'renewal' | 'plan_change';
const RECEIPT_TITLES: Record<ReceiptKind, string> = {
  charge: 'Payment received',
  trial: 'Your free trial has started',
  renewal: 'Subscription renewed',
  plan_change: 'Plan changed',
};

/** A receipt: plan, amount, coupon, date and the card's last four digits. */
export function receiptMail(opts: {
  to: string;
  name: string;
  kind: ReceiptKind;
  planName: string;
  amountCents: number;
  couponCode: string | null;
  date: Date;
  cardLast4: string | null;
  /** When the next payment is taken (null: lifetime, or nothing renews). */
  nextPayment: { date: Date; amountCents: number } | null;
  testMode: boolean;
}): MailMessage {
  const lines = [
    `Plan: ${opts.planName}`,
    `Amount: ${formatUsd(opts.amountCents)}`,
    `Coupon: ${opts.couponCode ?? 'none'}`,
    `Date: ${day(opts.date)}`,
    `Card: ${opts.cardLast4 ? `ending in ${opts.cardLast4}` : 'none'}`,
  ];
  if (opts.nextPayment) {
    lines.push(
      `Next payment: ${formatUsd(opts.nextPayment.amountCents)} on ${day(opts.nextPayment.date)}`,
    );
  }
  return {
    to: opts.to,
    subject: `Fieldwork Tracker: ${RECEIPT_TITLES[opts.kind].toLowerCase()} (${opts.planName})`,
    text: [
      `Hello ${opts.name},`,
      '',
      `${RECEIPT_TITLES[opts.kind]}. Your receipt:`,
      '',
      ...lines,
      ...(opts.testMode ? ['', TEST_MODE_NOTE] : []),
    ].join('\n'),
  };
}

/** A renewal the card refused: what happened, when we try again, and where to change the card. */
export function renewalFailedMail(opts: {
  to: string;
  name: string;
  planName: string;
  amountCents: number;
  message: string;
  cardLast4: string | null;
  nextAttempt: Date | null;
  expiry: Date;
  now: Date;
  updateCardUrl: string;
  testMode: boolean;
}): MailMessage {
  const retry = opts.nextAttempt
    ? `We will try again on ${day(opts.nextAttempt)}.`
    : 'We will not try again until you change your card.';
  return {
    to: opts.to,
    subject: 'Fieldwork Tracker: your subscription payment failed',
    text: [
      `Hello ${opts.name},`,
      '',
      `We could not renew your ${opts.planName} plan: the ${formatUsd(opts.amountCents)} payment${opts.cardLast4 ? ` to the card ending in ${opts.cardLast4}` : ''} was refused ("${opts.message}").`,
      retry,
      `${opts.expiry > opts.now ? 'Your access runs until' : 'Your access ended on'} ${day(opts.expiry)}. Your logs are kept whatever happens, and you can always download them.`,
      '',
      `Update your card: ${opts.updateCardUrl}`,
      ...(opts.testMode ? ['', TEST_MODE_NOTE] : []),
    ].join('\n'),
  };
}

/** What ends: the free trial, or a plan that will not renew (cancelled). */
export type EndingKind = 'trial_ending' | 'subscription_ending';
const ENDING_NAMES: Record<EndingKind, string> = {
  trial_ending: 'Your 7-day free trial',
  subscription_ending: 'Your subscription',
};

/**
 * The warning before access ends (7 days and 1 day before): when it ends, that the records stay,
 * and the subscription screen, where the plans and "Download my logs (CSV)" are.
 */
export function accessEndingMail(opts: {
  to: string;
  name: string;
  kind: EndingKind;
  endsAt: Date;
  daysLeft: number;
  subscriptionUrl: string;
}): MailMessage {
  const what = ENDING_NAMES[opts.kind];
  const when = opts.daysLeft <= 1 ? 'within a day' : `in ${opts.daysLeft} days`;
  const time = opts.endsAt.toISOString().slice(11, 16);
  return {
    to: opts.to,
    subject: `Fieldwork Tracker: ${what.toLowerCase()} ends ${when}`,
    text: [
      `Hello ${opts.name},`,
      '',
      `${what} ends ${when}, on ${day(opts.endsAt)} at ${time} UTC. After that you can still sign in, see your logs and download them, but adding or changing logs needs a subscription.`,
      'Your records are never deleted: they are kept for at least 7 years, as the BACB asks, whether or not you subscribe, and subscribing again restores everything as it was.',
      '',
      `Choose a plan, or download your logs (CSV) while you think it over: ${opts.subscriptionUrl}`,
    ].join('\n'),
  };
}
