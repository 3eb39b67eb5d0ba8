import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { startWarning, type StartFacts } from '../../../../shared/contracts/start-of-fieldwork';
import {
  StartOfFieldworkSchema,
  type StartOfFieldwork,
} from '../../../../shared/contracts/start-of-fieldwork.schema';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/v1/start-of-fieldwork/: what decides whether the trainee's hours may count at all. */
export function getStartOfFieldwork(signal?: AbortSignal) {
  return apiRequest(StartOfFieldworkSchema, '/api/v1/start-of-fieldwork/', { signal });
}

export function useStartOfFieldwork() {
  return useQuery({
    queryKey: queryKeys.progress.startOfFieldwork,
    queryFn: ({ signal }) => getStartOfFieldwork(signal),
  });
}

/** POST /api/v1/start-of-fieldwork/ask/: the one-time ask's answer. */
export function answerStartAsk(answer: 'apply' | 'later') {
  return apiRequest(StartOfFieldworkSchema, '/api/v1/start-of-fieldwork/ask/', {
    method: 'POST',
    body: { answer },
  });
}

export function useAnswerStartAsk() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerStartAsk,
    // 'apply' changes which hours count: every figure follows.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.progress.all }),
  });
}

export const startFactsOf = (answer: StartOfFieldwork): StartFacts => ({
  contracts: answer.contracts.map((contract) => ({
    structureKey: contract.structure_key,
    startsOn: contract.starts_on,
    endedOn: contract.ended_on,
  })),
  contractRuleOn: answer.contract_rule_on,
  pathway: answer.pathway,
  firstClassOn: answer.first_class_on,
});

/**
 * The log form's warning before saving an entry dated where it would not count (the shared rule,
 * `startWarning`), for a date and a supervisor record id; null while unknown or when it counts.
 */
export function useStartWarning(): (date: string, record: string) => string | null {
  const { data } = useStartOfFieldwork();
  return useCallback(
    (date: string, record: string) => {
      if (!data) return null;
      const found = data.records.find((item) => String(item.trainee_supervisor) === record);
      if (!found) return null;
      return startWarning(
        date,
        { key: found.structure_key, label: found.name },
        startFactsOf(data),
      );
    },
    [data],
  );
}
