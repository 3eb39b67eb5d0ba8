import { lazy, Suspense, type ComponentProps } from 'react';

// The card shows once the trainee's standards-switch answer has arrived, never in the first
// frame: its code loads beside that answer, out of the page's first download.
const StandardsSwitchCard = lazy(() =>
  import('./standards-switch-card').then((m) => ({ default: m.StandardsSwitchCard })),
);

/** StandardsSwitchCard, loaded when it is first shown. */
export function LazyStandardsSwitchCard(props: ComponentProps<typeof StandardsSwitchCard>) {
  return (
    <Suspense fallback={null}>
      <StandardsSwitchCard {...props} />
    </Suspense>
  );
}
