import { lazy, Suspense, useState, type ComponentProps } from 'react';

// The log screen's dialogs (Mantine's Modal, its focus trap, scroll lock and portal) load when
// one is first opened: none shows on the form's first screen, save the welcome on a first visit.
const modals = () => import('./log-modals');
const LazyWelcome = lazy(() => modals().then((m) => ({ default: m.WelcomeModal })));
const LazyGoodWork = lazy(() => modals().then((m) => ({ default: m.GoodWorkModal })));
const LazySixthEdition = lazy(() => modals().then((m) => ({ default: m.SixthEditionModal })));

/** True from the first time `opened` is: the modal then stays mounted to close with its transition. */
function useOpenedOnce(opened: boolean): boolean {
  const [wasOpened, setWasOpened] = useState(opened);
  if (opened && !wasOpened) setWasOpened(true);
  return wasOpened || opened;
}

/** log-modals.tsx's WelcomeModal, loaded at its first opening. */
export function WelcomeModal(props: ComponentProps<typeof LazyWelcome>) {
  if (!useOpenedOnce(props.opened)) return null;
  return (
    <Suspense fallback={null}>
      <LazyWelcome {...props} />
    </Suspense>
  );
}

/** log-modals.tsx's GoodWorkModal, loaded at its first opening. */
export function GoodWorkModal(props: ComponentProps<typeof LazyGoodWork>) {
  if (!useOpenedOnce(props.opened)) return null;
  return (
    <Suspense fallback={null}>
      <LazyGoodWork {...props} />
    </Suspense>
  );
}

/** log-modals.tsx's SixthEditionModal, loaded at its first opening. */
export function SixthEditionModal(props: ComponentProps<typeof LazySixthEdition>) {
  if (!useOpenedOnce(props.opened)) return null;
  return (
    <Suspense fallback={null}>
      <LazySixthEdition {...props} />
    </Suspense>
  );
}
