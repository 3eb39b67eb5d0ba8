import { Button, Group, Text } from '@mantine/core';
import { IconFilePlus, IconFileUpload, IconHandStop, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Contract } from '../../../../shared/contracts/contract.schema';
import { ApiError } from '../../../lib/api-client';
import { openConfirmModal } from '../../../lib/confirm';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useAmendContract } from '../api/amend-contract';
import { useDiscardContract } from '../api/discard-contract';
import { EndContractModal } from './end-contract-modal';
import { currentVersion } from './contract-status';
import { UploadContractModal, type UploadTarget } from './upload-contract-modal';

const errorText = (error: unknown, fallback: string) =>
  error instanceof ApiError ? error.message : fallback;

/**
 * What either party may do with the contract as it stands (the server says which: `can_*`):
 * amend it in the app or upload a signed amendment, end it, or discard a draft nobody signed.
 */
export function ContractActions({
  contract,
  listPath,
  onAmended,
}: {
  contract: Contract;
  /** Where the contracts list is (after a discard). */
  listPath: string;
  /** Shows the new amendment's draft. */
  onAmended: (version: number) => void;
}) {
  const amend = useAmendContract();
  const discard = useDiscardContract();
  const navigate = useNavigate();
  const [isEnding, setEnding] = useState(false);
  const [upload, setUpload] = useState<UploadTarget | null>(null);
  const signers = currentVersion(contract)?.signers.map((signer) => signer.name) ?? [];

  const startAmendment = () =>
    amend.mutate(contract.id, {
      onSuccess: (amended) => {
        const version = currentVersion(amended);
        if (version) onAmended(version.version);
        notifySuccess('Amendment drafted: edit it, then everyone signs it');
      },
      onError: (error) => notifyError(errorText(error, 'The amendment could not be drafted.')),
    });

  const confirmDiscard = () =>
    openConfirmModal({
      title: 'Discard this draft?',
      children: (
        <Text size="sm">Nobody has signed it yet. You can draft a new contract afterwards.</Text>
      ),
      labels: { confirm: 'Discard draft', cancel: 'Keep it' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        discard.mutate(contract.id, {
          onSuccess: () => {
            notifySuccess('Draft discarded');
            void navigate(listPath);
          },
          onError: (error) => notifyError(errorText(error, 'The draft could not be discarded.')),
        }),
    });

  if (!contract.can_amend && !contract.can_end && !contract.can_discard) return null;
  return (
    <Group gap="sm" wrap="wrap">
      {contract.can_amend ? (
        <>
          <Button
            variant="light"
            leftSection={<IconFilePlus size={18} aria-hidden />}
            loading={amend.isPending}
            onClick={startAmendment}
          >
            Amend
          </Button>
          <Button
            variant="default"
            leftSection={<IconFileUpload size={18} aria-hidden />}
            onClick={() =>
              setUpload({
                traineeSupervisor: contract.trainee_supervisor,
                name: contract.name,
                contract: contract.id,
                signers,
              })
            }
          >
            Upload a signed amendment
          </Button>
        </>
      ) : null}
      {contract.can_end ? (
        <Button
          variant="default"
          color="red"
          leftSection={<IconHandStop size={18} aria-hidden />}
          onClick={() => setEnding(true)}
        >
          End contract
        </Button>
      ) : null}
      {contract.can_discard ? (
        <Button
          variant="subtle"
          color="red"
          leftSection={<IconTrash size={18} aria-hidden />}
          loading={discard.isPending}
          onClick={confirmDiscard}
        >
          Discard draft
        </Button>
      ) : null}
      <EndContractModal contract={contract} isOpen={isEnding} onClose={() => setEnding(false)} />
      <UploadContractModal target={upload} onClose={() => setUpload(null)} />
    </Group>
  );
}
