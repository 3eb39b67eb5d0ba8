import type { ReactNode } from 'react';

/** What every card form takes, whichever provider tokenises the card. */
export type CardFormProps = {
  /** 'Continue' for a new subscription, 'Update' for a plan change or a new card. */
  submitLabel: string;
  /** Blocks submitting (a coupon typed but not applied, nothing chosen...). */
  disabled?: boolean;
  /**
   * Gets the provider's card token; the form shows itself busy until the promise settles. The
   * caller pays with the token and raises its own toast when that fails.
   */
  onToken: (token: string) => Promise<void>;
  /** Shows a Cancel button when given. */
  onCancel?: () => void;
  /** A refusal to show inside the form (the server's decline message), or null. */
  error?: string | null;
  /** Shown between the card fields and the buttons (the coupon field, a price summary). */
  children?: ReactNode;
};

/** The props of one provider's implementation. */
export type ProviderCardFormProps = CardFormProps & { testMode: boolean };
