import type { CSSProperties, ReactNode } from 'react';
import classes from './form-columns.module.css';

/** A row of `count` fields from the sm breakpoint, stacked on phones (SimpleGrid's look). */
export function FormColumns({ count, children }: { count: 2 | 3; children: ReactNode }) {
  return (
    <div className={classes.columns} style={{ '--columns': count } as CSSProperties}>
      {children}
    </div>
  );
}
