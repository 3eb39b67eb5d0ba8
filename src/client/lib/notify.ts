import { notifications, type NotificationData } from '@mantine/notifications';
import { shownWords } from './wire-words';

/** Toast auto-close times of SPEC §8. */
export const TOAST_MS = { success: 3000, upload: 3000, default: 5000 } as const;

/** Every toast: its close button has a name a screen reader can read. */
function show(data: NotificationData): void {
  notifications.show({ ...data, closeButtonProps: { 'aria-label': 'Close notification' } });
}

/** Success toasts close after 3 s (SPEC §8). */
export function notifySuccess(message: string): void {
  // A contract string is shown in the words people read (wire-words.ts).
  show({
    color: 'green',
    title: 'Done',
    message: shownWords(message),
    autoClose: TOAST_MS.success,
  });
}

/** Error toasts close after 5 s. */
export function notifyError(message: string): void {
  show({
    color: 'red',
    title: 'Something needs attention',
    message,
    autoClose: TOAST_MS.default,
  });
}

/** Info toasts close after 5 s. */
export function notifyInfo(message: string): void {
  show({ color: 'blue', title: 'Note', message, autoClose: TOAST_MS.default });
}
