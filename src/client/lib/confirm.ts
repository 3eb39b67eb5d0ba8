import { modals } from '@mantine/modals';

type ConfirmModal = Parameters<typeof modals.openConfirmModal>[0];

let markReady: () => void = () => undefined;
let hostReady = new Promise<void>((resolve) => {
  markReady = resolve;
});

/**
 * The host of the confirm dialogs (app/layouts/confirm-dialogs.tsx, loaded after the signed-in
 * shell so its Modal code is not in the first download) says when it listens, and when it goes.
 */
export function setConfirmHostReady(isReady: boolean): void {
  if (isReady) {
    markReady();
    return;
  }
  hostReady = new Promise<void>((resolve) => {
    markReady = resolve;
  });
}

/**
 * Asks for confirmation in a dialog (Mantine's confirm modal). Asked for before the host has
 * loaded, the dialog opens as soon as it has, instead of being lost.
 */
export function openConfirmModal(modal: ConfirmModal): void {
  void hostReady.then(() => modals.openConfirmModal(modal));
}
