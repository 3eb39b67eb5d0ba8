import { Paper, Stack, Text, Title } from '@mantine/core';
import { EmptyState, ErrorState, LoadingState } from '../../../components/page-state';
import { useContracts } from '../api/list-contracts';
import { StructureCard } from './structure-card';
import { useOpenDraft } from './use-open-draft';

/**
 * A supervisor's view of one trainee's contracts: only the structures the supervisor is in (the
 * server scopes the list), each to draft, open, sign, amend or end; only the trainee uploads one
 * signed on paper.
 */
export function TraineeContractsSection({
  traineeId,
  traineeName,
}: {
  traineeId: number;
  traineeName: string;
}) {
  const list = useContracts(traineeId);
  const contractPath = (id: number) => `/supervisor/trainees/${traineeId}/contracts/${id}`;
  const openDraft = useOpenDraft(contractPath);
  return (
    <Paper
      withBorder
      p={{ base: 'sm', sm: 'lg' }}
      component="section"
      aria-labelledby="trainee-contracts-title"
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
        {list.isPending ? (
          <LoadingState rows={2} label="Loading the contracts" />
        ) : list.isError ? (
          <ErrorState error={list.error} onRetry={() => void list.refetch()} />
        ) : list.data.structures.length === 0 ? (
          <EmptyState title="No contract yet">
            Contracts appear here once {traineeName} names you as their supervisor.
          </EmptyState>
        ) : (
          <Stack
            gap="sm"
            component="ul"
            aria-label={`${traineeName}’s supervision structures`}
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
          >
            {list.data.structures.map((structure) => (
              <StructureCard
                key={structure.structure_key}
                structure={structure}
                contracts={list.data.results}
                actions={{ contractPath, ...openDraft }}
              />
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
