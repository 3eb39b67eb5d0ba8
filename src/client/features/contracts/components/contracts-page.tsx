import { Anchor, Paper, Stack } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { EmptyState, ErrorState, LoadingState } from '../../../components/page-state';
import { useSession } from '../../../lib/session';
import { useContracts } from '../api/list-contracts';
import { StructureCard } from './structure-card';
import { useOpenDraft } from './use-open-draft';
import { UploadContractModal, type UploadTarget } from './upload-contract-modal';

const contractPath = (id: number) => `/student/contracts/${id}`;

/**
 * /student/contracts, "Supervision contracts": one card per supervision structure (Handbook,
 * "Supervision Contract": "Before supervision may begin, the trainee and supervisor(s) must
 * develop and sign a written contract"), to draft one in the app, upload one signed elsewhere,
 * or open it.
 */
export function ContractsPage() {
  const list = useContracts();
  const openDraft = useOpenDraft(contractPath);
  const { user } = useSession();
  const [upload, setUpload] = useState<UploadTarget | null>(null);

  const header = (
    <PageHeader title="Supervision contracts">
      One signed contract with each supervisor, or with every supervisor at one organization, before
      supervision begins. Hours count from the day everyone signed.
    </PageHeader>
  );
  if (list.isPending) {
    return (
      <Stack gap="md" maw={960}>
        {header}
        <LoadingState rows={4} label="Loading your contracts" />
      </Stack>
    );
  }
  if (list.isError) {
    return (
      <Stack gap="md" maw={960}>
        {header}
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      </Stack>
    );
  }
  const { structures, results } = list.data;
  return (
    <Stack gap="md" maw={960}>
      {header}
      {structures.length === 0 ? (
        <Paper withBorder p="lg">
          <EmptyState title="No supervisors yet">
            Add your supervisor on your{' '}
            <Anchor component={Link} to="/student/profile-screen">
              profile
            </Anchor>
            : the contract with them is drafted here.
          </EmptyState>
        </Paper>
      ) : (
        <Stack
          gap="sm"
          component="ul"
          aria-label="Supervision structures"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
        >
          {structures.map((structure) => (
            <StructureCard
              key={structure.structure_key}
              structure={structure}
              contracts={results}
              actions={{
                contractPath,
                ...openDraft,
                onUpload: (target) =>
                  setUpload({
                    traineeSupervisor: target.trainee_supervisor,
                    name: target.name,
                    signers: [
                      ...(user ? [user.name] : []),
                      ...target.supervisors.map((supervisor) => supervisor.name),
                    ],
                  }),
              }}
            />
          ))}
        </Stack>
      )}
      <UploadContractModal target={upload} onClose={() => setUpload(null)} />
    </Stack>
  );
}
