import { useRef, useState } from 'react';
import type { VerifiedCoupon } from '../../../../shared/billing/billing.schema';
import {
  COUPON_MESSAGES,
  couponAppliedMessage,
  normalizeCouponCode,
} from '../../../../shared/billing/coupon';
import type { Discount } from '../../../../shared/billing/price';
import { ApiError } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useVerifyCoupon } from '../api/verify-coupon';

/** SPEC §4 "Coupon": nothing typed, typed but not applied, applied (valid), or invalid. */
export type CouponStatus = 'empty' | 'entered' | 'applied' | 'invalid';

export type CouponControl = {
  /** What is typed. */
  code: string;
  status: CouponStatus;
  /** The error under the field ('Invalid Coupon', 'Please enter a coupon code'), if any. */
  error: string | null;
  /** A code is typed but not applied (or was refused): the caller blocks submitting. */
  isUnapplied: boolean;
  isChecking: boolean;
  /** The applied code to send with the payment, or null. */
  appliedCode: string | null;
  /** The applied coupon's discount, for `priceAfterCoupon`, or null. */
  discount: Discount | null;
  /** Editing the code resets it to not applied. */
  setCode: (code: string) => void;
  apply: () => Promise<void>;
  remove: () => void;
  /** The server refused the applied code at payment (used up meanwhile): back to invalid. */
  markInvalid: () => void;
};

/** The coupon field's state and its SPEC §8 messages; render it with `<CouponField>`. */
export function useCoupon(): CouponControl {
  const verify = useVerifyCoupon();
  const [code, setCodeState] = useState('');
  const [applied, setApplied] = useState<{ code: string; coupon: VerifiedCoupon } | null>(null);
  const [isInvalid, setIsInvalid] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The code an answer belongs to: an answer for a code since edited is dropped.
  const latest = useRef('');

  const typed = code.trim() !== '';
  const status: CouponStatus = !typed
    ? 'empty'
    : applied
      ? 'applied'
      : isInvalid
        ? 'invalid'
        : 'entered';

  const setCode = (next: string) => {
    latest.current = next;
    setCodeState(next);
    setApplied(null);
    setIsInvalid(false);
    setError(null);
  };

  const apply = async () => {
    if (!typed) {
      setError(COUPON_MESSAGES.empty);
      notifyError(COUPON_MESSAGES.empty);
      return;
    }
    const asked = code;
    try {
      const coupon = await verify.mutateAsync(normalizeCouponCode(asked));
      if (latest.current !== asked) return;
      if (coupon.valid) {
        setApplied({ code: normalizeCouponCode(asked), coupon });
        setIsInvalid(false);
        setError(null);
        notifySuccess(couponAppliedMessage(coupon));
      } else {
        setIsInvalid(true);
        setError(COUPON_MESSAGES.invalid);
        notifyError(COUPON_MESSAGES.invalid);
      }
    } catch (failure) {
      if (latest.current !== asked) return;
      const message = failure instanceof ApiError ? failure.messages[0] : undefined;
      setError(message ?? COUPON_MESSAGES.invalid);
      notifyError(message ?? COUPON_MESSAGES.invalid);
    }
  };

  const remove = () => {
    latest.current = '';
    setCodeState('');
    setApplied(null);
    setIsInvalid(false);
    setError(null);
    notifySuccess(COUPON_MESSAGES.removed);
  };

  const markInvalid = () => {
    setApplied(null);
    setIsInvalid(true);
    setError(COUPON_MESSAGES.invalid);
  };

  return {
    code,
    status,
    error,
    isUnapplied: status === 'entered' || status === 'invalid',
    isChecking: verify.isPending,
    appliedCode: applied?.code ?? null,
    discount: applied
      ? { percentOff: applied.coupon.percent_off, amountOffCents: applied.coupon.amount_off }
      : null,
    setCode,
    apply,
    remove,
    markInvalid,
  };
}
