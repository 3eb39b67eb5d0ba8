import { lazy, Suspense, useState, type ComponentType } from 'react';

// The log screen's dialogs (Mantine's Modal, its focus trap, scroll lock and portal) load when
// one is first opened: none shows on the form's first screen.
const modals = () => import('./log-modals');

/** True from the first time `opened` is: the modal then stays mounted to close with its transition. */
function useOpenedOnce(opened: boolean): boolean {
  const [wasOpened, setWasOpened] = useState(opened);
  if (opened && !wasOpened) setWasOpened(true);
  return wasOpened || opened;
}

/** A modal of log-modals.tsx that loads at its first opening. */
function deferModal<P extends { opened: boolean }>(load: () => Promise<ComponentType<P>>) {
  const Modal = lazy(() => load().then((component) => ({ default: component })));
  return function DeferredModal(props: P) {
    if (!useOpenedOnce(props.opened)) return null;
    return (
      <Suspense fallback={null}>
        <Modal {...props} />
      </Suspense>
    );
  };
}

export const GoodWorkModal = deferModal(() => modals().then((m) => m.GoodWorkModal));
export const SixthEditionModal = deferModal(() => modals().then((m) => m.SixthEditionModal));
