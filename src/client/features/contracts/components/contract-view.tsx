import { Alert, Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import type { Contract } from '../../../../shared/contracts/contract.schema';
import { formatUsDate } from '../../../../shared/logs/time';
import { ContractActions } from './contract-actions';
import { ContractEditor } from './contract-editor';
import { ContractHistory } from './contract-history';
import { ContractSigners } from './contract-signers';
import {
  contractBadge,
  currentVersion,
  missingSectionTitles,
  pendingAmendmentText,
  versionLabel,
} from './contract-status';
import { ContractText } from './contract-text';
import { StatusBadge } from './status-badge';
import { ContractVersions } from './contract-versions';
import { SignContractModal } from './sign-contract-modal';

// Dark title text on the light orange reads at AA (axe: orange.6 on orange.0 does not).
const READABLE_TITLE = { title: { color: 'var(--mantine-color-dark-8)' } } as const;

/** Where the view's links lead: the area's contracts list. */
export type ContractPaths = { list: string; listLabel: string };

/**
 * One contract for either party: where it stands and its flags, the version shown (editable
 * while nobody has signed it, read-only otherwise), its signers, the actions and the history.
 */
export function ContractView({ contract, paths }: { contract: Contract; paths: ContractPaths }) {
  const latest = currentVersion(contract);
  const [shownNumber, setShownNumber] = useState<number | null>(null);
  const [isDirty, setDirty] = useState(false);
  const [isSigning, setSigning] = useState(false);
  const onDirtyChange = useCallback((dirty: boolean) => setDirty(dirty), []);
  const shown =
    contract.versions.find((version) => version.version === shownNumber) ?? latest ?? null;
  const badge = contractBadge(contract);
  const amendment = pendingAmendmentText(contract);
  const isEditable =
    shown !== null &&
    shown === latest &&
    contract.can_edit &&
    shown.source === 'app' &&
    !shown.is_complete &&
    shown.signers.every((signer) => signer.signature === null);
  // Every element needs its text before anyone signs (the server refuses it otherwise).
  const missing = shown && !shown.is_complete ? missingSectionTitles(shown) : [];
  const waitsForText = (isEditable && isDirty) || missing.length > 0;

  return (
    <Stack gap="md" maw={960}>
      <Anchor component={Link} to={paths.list} size="sm" style={{ alignSelf: 'flex-start' }}>
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden />
          {paths.listLabel}
        </Group>
      </Anchor>
      <div>
        <Title order={1} size="h2">
          Supervision contract with {contract.name}
        </Title>
        <Group gap="xs" mt={4}>
          <StatusBadge status={badge} />
          <Text size="sm" c="dimmed">
            Trainee: {contract.trainee_name}
            {contract.organization ? ` · ${contract.organization}` : ''}
          </Text>
        </Group>
        {amendment ? (
          <Text size="sm" mt={4}>
            {amendment}
          </Text>
        ) : null}
        {contract.status === 'ended' && contract.ended_reason ? (
          <Text size="sm" mt={4}>
            Ended{contract.ended_on ? ` on ${formatUsDate(contract.ended_on)}` : ''}:{' '}
            {contract.ended_reason}. Hours after that date need a new contract.
          </Text>
        ) : null}
      </div>
      {contract.flags.map((flag) => (
        <Alert
          key={flag.code}
          color="orange"
          variant="light"
          icon={<IconAlertTriangle aria-hidden />}
          title="Check this before relying on the contract"
          styles={READABLE_TITLE}
        >
          {flag.message}
        </Alert>
      ))}
      <ContractActions contract={contract} listPath={paths.list} onAmended={setShownNumber} />
      {shown ? (
        <Paper
          withBorder
          p={{ base: 'sm', sm: 'lg' }}
          component="section"
          aria-labelledby="contract-text-title"
        >
          <Stack gap="md">
            <div>
              <Title order={2} size="h4" id="contract-text-title">
                {shown.title} · {versionLabel(shown)}
              </Title>
              <Text size="sm" c="dimmed">
                {isEditable
                  ? 'Edit any element before anyone signs; once someone signs, the text is fixed.'
                  : 'Read-only: signed text is never changed. Amend the contract to change it.'}
              </Text>
            </div>
            {isEditable ? (
              <ContractEditor
                key={`${contract.id}-${shown.version}`}
                contract={contract}
                version={shown}
                onDirtyChange={onDirtyChange}
              />
            ) : (
              <ContractText version={shown} />
            )}
          </Stack>
        </Paper>
      ) : null}
      {shown ? (
        <Paper
          withBorder
          p={{ base: 'sm', sm: 'lg' }}
          component="section"
          aria-labelledby="contract-signers-title"
        >
          <Stack gap="sm">
            <Title order={2} size="h4" id="contract-signers-title">
              Signatures · {versionLabel(shown)}
            </Title>
            <ContractSigners
              version={shown}
              canSignNow={!waitsForText}
              onSign={() => setSigning(true)}
            />
            {isEditable && isDirty ? (
              <Text size="sm" c="orange.9">
                Save your changes before signing.
              </Text>
            ) : missing.length > 0 ? (
              <Text size="sm" c="orange.9">
                Write {missing.join(', ')} before anyone signs: every element of the contract needs
                its text.
              </Text>
            ) : null}
          </Stack>
        </Paper>
      ) : null}
      <Paper
        withBorder
        p={{ base: 'sm', sm: 'lg' }}
        component="section"
        aria-labelledby="contract-versions-title"
      >
        <Stack gap="xs">
          <Title order={2} size="h4" id="contract-versions-title">
            Versions and history
          </Title>
          <ContractVersions
            contract={contract}
            shown={shown?.version ?? 0}
            onShow={setShownNumber}
          />
          <Title order={3} size="h5" mt="sm">
            History
          </Title>
          <ContractHistory history={contract.history} />
        </Stack>
      </Paper>
      <SignContractModal
        contract={contract}
        version={isSigning ? shown : null}
        onClose={() => setSigning(false)}
      />
    </Stack>
  );
}
