import { Alert, Button, Checkbox, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { z } from 'zod';
import {
  CONTRACT_INTENT,
  ContractSignSchema,
  type Contract,
  type ContractVersion,
} from '../../../../shared/contracts/contract.schema';
import { formatUsDate } from '../../../../shared/logs/time';
import { localToday } from '../../../lib/local-date';
import { notifySuccess } from '../../../lib/notify';
import { useSignContract } from '../api/sign-contract';
import { versionLabel } from './contract-status';
import { splitServerErrors } from './server-errors';

type FieldErrors = { full_name?: string; intent?: string; other?: string };

/** The label of the explicit confirmation (e2e and screen readers find the box by it). */
export const INTENT_CHECKBOX_LABEL = 'I sign this contract: typing my name is my signature';

/**
 * Signing a contract's version (Handbook, "Supervision Contract": "All parties are required to
 * sign the supervision contract"): the intent statement, the typed full name, the date it is
 * stamped with (today, where the signer lives) and an explicit confirmation.
 */
export function SignContractModal({
  contract,
  version,
  onClose,
}: {
  contract: Contract;
  version: ContractVersion | null;
  onClose: () => void;
}) {
  const sign = useSignContract();
  const [fullName, setFullName] = useState('');
  const [intent, setIntent] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});

  const close = () => {
    setFullName('');
    setIntent(false);
    setErrors({});
    sign.reset();
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!version) return;
    const parsed = ContractSignSchema.safeParse({
      full_name: fullName,
      intent,
      revision: version.revision,
    });
    if (!parsed.success) {
      const fields = z.flattenError(parsed.error).fieldErrors;
      setErrors({ full_name: fields.full_name?.[0], intent: fields.intent?.[0] });
      return;
    }
    setErrors({});
    try {
      await sign.mutateAsync({ id: contract.id, version: version.version, ...parsed.data });
      notifySuccess('Contract signed');
      close();
    } catch (error) {
      const { fields, other } = splitServerErrors(
        error,
        ['full_name', 'intent'] as const,
        'The contract could not be signed. Try again.',
      );
      setErrors({ ...fields, other });
    }
  };

  return (
    <Modal opened={version !== null} onClose={close} title="Sign the contract" size="lg">
      {version ? (
        <form onSubmit={(event) => void submit(event)} noValidate aria-busy={sign.isPending}>
          <Stack gap="md">
            <Text fw={600}>
              {version.title} · {versionLabel(version)}
            </Text>
            <Text size="sm">
              Between {contract.trainee_name} and {contract.name}
              {contract.organization && contract.organization !== contract.name
                ? ` (${contract.organization})`
                : ''}
              . Signed on {formatUsDate(localToday())}.
            </Text>
            <Alert color="gray" variant="light" title="Statement of intent">
              {CONTRACT_INTENT}
            </Alert>
            <TextInput
              label="Your full name"
              autoComplete="name"
              required
              value={fullName}
              onChange={(event) => {
                setFullName(event.currentTarget.value);
                setErrors((current) => ({ ...current, full_name: undefined }));
              }}
              error={errors.full_name}
            />
            <Checkbox
              label={INTENT_CHECKBOX_LABEL}
              checked={intent}
              onChange={(event) => {
                setIntent(event.currentTarget.checked);
                setErrors((current) => ({ ...current, intent: undefined }));
              }}
              error={errors.intent}
              required
            />
            {errors.other ? (
              <Alert color="red" role="alert">
                {errors.other}
              </Alert>
            ) : null}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close} disabled={sign.isPending}>
                Cancel
              </Button>
              <Button type="submit" loading={sign.isPending}>
                Sign
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
    </Modal>
  );
}
