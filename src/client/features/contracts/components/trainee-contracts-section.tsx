import { Stack } from '@mantine/core';
import { EmptyState, ErrorState } from '../../../components/page-state';
import { useContracts } from '../api/list-contracts';
import { StructureCard } from './structure-card';
import { TraineeContractsFrame, TraineeContractsPlaceholder } from './trainee-contracts-frame';
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
  if (list.isPending) return <TraineeContractsPlaceholder traineeName={traineeName} />;
  return (
    <TraineeContractsFrame traineeName={traineeName}>
      {list.isError ? (
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
    </TraineeContractsFrame>
  );
}
