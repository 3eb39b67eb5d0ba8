import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { LoadingState } from '../../../components/loading-state';

/**
 * The supervisor's Contracts section around its content: the same box while its code and its
 * answer load (TraineeContractsPlaceholder), so nothing below it moves when they arrive.
 */
export function TraineeContractsFrame({
  traineeName,
  children,
}: {
  traineeName: string;
  children: ReactNode;
}) {
  return (
    <Paper
      withBorder
      p={{ base: 'sm', sm: 'lg' }}
      component="section"
      id="trainee-contracts"
      aria-labelledby="trainee-contracts-title"
      // Reached by the page's "Contracts" link: its top clear of the fixed header.
      style={{ scrollMarginTop: 'calc(var(--app-shell-header-height, 60px) + 16px)' }}
    >
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" id="trainee-contracts-title">
            Contracts
          </Title>
          <Text size="sm" c="dimmed">
            The supervision contract you sign with {traineeName}: their hours with you count from
            the day everyone signed it.
          </Text>
        </div>
        {children}
      </Stack>
    </Paper>
  );
}

/** The section while it loads. */
export function TraineeContractsPlaceholder({ traineeName }: { traineeName: string }) {
  return (
    <TraineeContractsFrame traineeName={traineeName}>
      <LoadingState rows={2} label="Loading the contracts" />
    </TraineeContractsFrame>
  );
}
