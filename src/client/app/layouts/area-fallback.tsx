import { Skeleton } from '@mantine/core';
import { Brand } from '../../components/brand';
import { PageLoadingState } from '../../components/loading-state';
import classes from './area-fallback.module.css';

/**
 * What a signed-in area shows while its code (or the stored session) loads: the shell's header
 * and sidebar at their real sizes and the placeholder the shell shows while a page loads, so the
 * area replaces it without a jump.
 */
export function AreaFallback() {
  return (
    <div className={classes.shell}>
      <header className={classes.header}>
        <span className={classes.menuButtonSpace} />
        <Brand />
      </header>
      <div className={classes.navbar} aria-hidden>
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton key={index} height={36} radius="md" />
        ))}
      </div>
      <main className={classes.main}>
        <PageLoadingState />
      </main>
    </div>
  );
}
