import { Paper, Stack } from '@mantine/core';
import { useParams } from 'react-router';
import { EmptyState, ErrorState, LoadingState } from '../../../components/page-state';
import type { Contract } from '../../../../shared/contracts/contract.schema';
import { ApiError } from '../../../lib/api-client';
import { useContract } from '../api/get-contract';
import { ContractView, type ContractPaths } from './contract-view';

/** Where each area's contract leads back to: the trainee's list, or the supervisor's trainee. */
const PATHS: Record<'student' | 'supervisor', (contract: Contract) => ContractPaths> = {
  student: () => ({ list: '/student/contracts', listLabel: 'Back to Supervision contracts' }),
  supervisor: (contract) => ({
    list: `/supervisor/trainees/${contract.user}`,
    listLabel: `Back to ${contract.trainee_name}`,
  }),
};

/**
 * /student/contracts/{id} and /supervisor/trainees/{trainee}/contracts/{id}: one contract, for a party to it. A
 * contract of someone else's is not found (the server answers 404, never says whose).
 */
function ContractPage({ area }: { area: 'student' | 'supervisor' }) {
  const { contractId: param } = useParams();
  const contractId = Number(param);
  const isValidId = Number.isInteger(contractId) && contractId > 0;
  const contract = useContract(isValidId ? contractId : null);

  const notFound = (
    <Paper withBorder p="lg" maw={960}>
      <EmptyState title="Contract not found">
        It may have been discarded, or it is not one of yours.
      </EmptyState>
    </Paper>
  );
  if (!isValidId) return notFound;
  if (contract.isPending) return <LoadingState rows={8} label="Loading the contract" />;
  if (contract.isError) {
    if (contract.error instanceof ApiError && contract.error.status === 404) return notFound;
    return (
      <Stack maw={960}>
        <ErrorState error={contract.error} onRetry={() => void contract.refetch()} />
      </Stack>
    );
  }
  return (
    <ContractView
      key={contract.data.id}
      contract={contract.data}
      paths={PATHS[area](contract.data)}
    />
  );
}

/** /student/contracts/{id}. */
export function StudentContractPage() {
  return <ContractPage area="student" />;
}

/** /supervisor/trainees/{trainee}/contracts/{id}, reached from the trainee's page. */
export function SupervisorContractPage() {
  return <ContractPage area="supervisor" />;
}
