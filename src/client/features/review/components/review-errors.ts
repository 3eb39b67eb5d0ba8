import { ApiError } from '../../../lib/api-client';
import { notifyError } from '../../../lib/notify';

/** The server's messages joined (SPEC §8: approve/flag failures show the error values joined). */
export function errorText(error: unknown, fallback = 'Something went wrong. Please try again.') {
  return error instanceof ApiError ? error.messages.join(' ') : fallback;
}

/** Toasts a failed review action and returns its text, for the page to show beside the action. */
export function reportReviewError(error: unknown): string {
  const text = errorText(error);
  notifyError(text);
  return text;
}
