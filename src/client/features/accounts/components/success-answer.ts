import { notifyError } from '../../../lib/notify';

/**
 * The contract answers some refusals of the account forms with a 200 whose message is not the
 * success message (SPEC §7). Says whether `message` is `success`; when not, shows it in the
 * form's alert and as a toast.
 */
export function isSuccessAnswer(
  message: string,
  success: string,
  showFormErrors: (messages: string[]) => void,
): boolean {
  if (message === success) return true;
  showFormErrors([message]);
  notifyError(message);
  return false;
}
