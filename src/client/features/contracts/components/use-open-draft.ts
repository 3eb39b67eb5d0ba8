import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { ContractList } from '../../../../shared/contracts/contract.schema';
import { ApiError } from '../../../lib/api-client';
import { notifyError } from '../../../lib/notify';
import { useDraftContract } from '../api/draft-contract';

type Structure = ContractList['structures'][number];

/**
 * "Draft contract" on a structure's card, for either party: a draft from the template, opened at
 * once in the editor (`contractPath`); `drafting` is the structure whose draft is being made.
 */
export function useOpenDraft(contractPath: (id: number) => string) {
  const draft = useDraftContract();
  const navigate = useNavigate();
  const [drafting, setDrafting] = useState<string | null>(null);
  const onDraft = (structure: Structure) => {
    setDrafting(structure.structure_key);
    draft.mutate(
      { trainee_supervisor: structure.trainee_supervisor },
      {
        onSuccess: (contract) => void navigate(contractPath(contract.id)),
        onError: (error) =>
          notifyError(
            error instanceof ApiError
              ? error.messages.join(' ')
              : 'The contract could not be drafted.',
          ),
        onSettled: () => setDrafting(null),
      },
    );
  };
  return { drafting, onDraft };
}
