import { modals } from '@mantine/modals';

type ConfirmModal = Parameters<typeof modals.openConfirmModal>[0];

let isHostReady = false;
let markReady: () => void = () => undefined;
let hostReady = new Promise<void>((resolve) => {
  markReady = resolve;
});

/**
 * The host of the confirm dialogs (app/confirm-dialogs.tsx, loaded after the first screen so its
 * Modal code is not in the first download) says when it listens, and when it goes.
 */
export function setConfirmHostReady(isReady: boolean): void {
  if (isReady === isHostReady) return;
  isHostReady = isReady;
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
