import { Box, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A plan's figures as a description list: term above value, as many to a row as fit (one on a
 * phone). The grid is the <dl> itself, so each <div> holds one term and its value.
 */
export function PlanFigures({ children }: { children: ReactNode }) {
  return (
    <Box
      component="dl"
      m={0}
      style={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fit, minmax(170px, 1fr))',
        gap: 'var(--mantine-spacing-md)',
      }}
    >
      {children}
    </Box>
  );
}

/** One term and its value. */
export function PlanFigure({
  term,
  testId,
  children,
}: {
  term: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <div>
      <Text component="dt" size="sm" c="dimmed">
        {term}
      </Text>
      <Text component="dd" fw={600} m={0} data-testid={testId}>
        {children}
      </Text>
    </div>
  );
}
