/** SPEC §8 "Subscription load", verbatim (the contract's spelling included). */
export const SUBSCRIPTION_LOAD_MESSAGES = {
  notSubscribed: 'Not subscribed yet.',
  loadFailed: 'Unable to load subsciption data.',
} as const;
