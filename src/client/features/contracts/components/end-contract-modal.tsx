import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { z } from 'zod';
import {
  CONTRACT_MESSAGES,
  ContractEndSchema,
  type Contract,
} from '../../../../shared/contracts/contract.schema';
import { localToday } from '../../../lib/local-date';
import { notifySuccess } from '../../../lib/notify';
import { useEndContract } from '../api/end-contract';
import { PastDateInput } from './past-date-input';
import { splitServerErrors } from './server-errors';

type FieldErrors = { ended_on?: string; reason?: string; other?: string };

/**
 * "End contract": either party ends it on a date, saying why (Handbook, "Supervision Contract":
 * "the consequences … including proper termination of the relationship"). Hours after that
 * date need a new contract.
 */
export function EndContractModal({
  contract,
  isOpen,
  onClose,
}: {
  contract: Contract;
  isOpen: boolean;
  onClose: () => void;
}) {
  const end = useEndContract();
  const [endedOn, setEndedOn] = useState(localToday);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});

  const close = () => {
    setEndedOn(localToday());
    setReason('');
    setErrors({});
    end.reset();
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = ContractEndSchema.safeParse({ ended_on: endedOn, reason });
    if (!parsed.success) {
      const fields = z.flattenError(parsed.error).fieldErrors;
      setErrors({
        ended_on: fields.ended_on ? 'Enter the date the contract ends.' : undefined,
        reason: fields.reason?.[0],
      });
      return;
    }
    if (parsed.data.ended_on > localToday()) {
      setErrors({ ended_on: CONTRACT_MESSAGES.endedOnFuture });
      return;
    }
    setErrors({});
    try {
      await end.mutateAsync({ id: contract.id, ...parsed.data });
      notifySuccess('Contract ended');
      close();
    } catch (error) {
      const { fields, other } = splitServerErrors(
        error,
        ['ended_on', 'reason'] as const,
        'The contract could not be ended. Try again.',
      );
      setErrors({ ...fields, other });
    }
  };

  return (
    <Modal opened={isOpen} onClose={close} title="End the contract" size="lg">
      <form onSubmit={(event) => void submit(event)} noValidate aria-busy={end.isPending}>
        <Stack gap="md">
          <Text size="sm">
            Hours after the termination date do not count until a new contract is signed with{' '}
            {contract.name}. Both parties see the end and its reason.
          </Text>
          <PastDateInput
            label="Termination date"
            description="Hours dated that day still count; none after it."
            minDate={contract.starts_on}
            value={endedOn}
            onChange={(next) => {
              setEndedOn(next);
              setErrors((current) => ({ ...current, ended_on: undefined }));
            }}
            error={errors.ended_on}
          />
          <Textarea
            label="Why it ends"
            required
            autosize
            minRows={3}
            maxLength={2000}
            value={reason}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              setErrors((current) => ({ ...current, reason: undefined }));
            }}
            error={errors.reason}
          />
          {errors.other ? (
            <Alert color="red" role="alert">
              {errors.other}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={end.isPending}>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={end.isPending}>
              End contract
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
