import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconFilePlus, IconFileText, IconFileUpload } from '@tabler/icons-react';
import { Link } from 'react-router';
import {
  CONTRACT_MESSAGES,
  type Contract,
  type ContractList,
} from '../../../../shared/contracts/contract.schema';
import { isOrganizationKey } from '../../../../shared/supervisors/form-subject';
import { formatUsDate } from '../../../../shared/logs/time';
import { StatusBadge } from './status-badge';
import { pendingAmendmentText, structureBadge, structureContracts } from './contract-status';

type Structure = ContractList['structures'][number];

/** What a card's viewer may do: both draft and open; the trainee uploads. */
export type StructureCardActions = {
  contractPath: (id: number) => string;
  onDraft?: (structure: Structure) => void;
  /** The structure whose draft is being made, if any. */
  drafting?: string | null;
  onUpload?: (structure: Structure) => void;
};

/**
 * One supervision structure (an individual supervisor, or every supervisor at one organization:
 * one contract, all of them sign) with where its contract stands and what to do next.
 */
export function StructureCard({
  structure,
  contracts,
  actions,
}: {
  structure: Structure;
  contracts: Contract[];
  actions: StructureCardActions;
}) {
  const badge = structureBadge(structure, contracts);
  const { current, ended } = structureContracts(structure, contracts);
  const isOrganization = isOrganizationKey(structure.structure_key);
  const titleId = `structure-${structure.structure_key.replace(/[^a-z0-9]/gi, '-')}`;
  const withoutAccount = structure.supervisors.filter((supervisor) => !supervisor.has_account);
  const amendment = current ? pendingAmendmentText(current) : null;

  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} component="li" aria-labelledby={titleId}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs">
          <div style={{ minWidth: 0, flex: '1 1 220px' }}>
            <Title order={2} size="h4" id={titleId} style={{ overflowWrap: 'anywhere' }}>
              {structure.name}
            </Title>
            <Text size="sm" c="dimmed">
              {isOrganization
                ? `Organization · supervisors: ${structure.supervisors.map((s) => s.name).join(', ')}`
                : `Individual supervisor${structure.organization ? ` · ${structure.organization}` : ''}`}
            </Text>
          </div>
          <StatusBadge status={badge} />
        </Group>
        {amendment ? <Text size="sm">{amendment}</Text> : null}
        {!current && withoutAccount.length > 0 ? (
          <Text size="sm" c="orange.9">
            {withoutAccount.map((s) => s.name).join(', ')}: {CONTRACT_MESSAGES.noAccount}
          </Text>
        ) : null}
        {!current ? (
          <Text size="sm">
            {actions.onUpload
              ? `Hours with ${isOrganization ? 'this organization' : 'this supervisor'} count from the day everyone has signed a contract.`
              : 'Hours in this structure count from the day everyone has signed a contract. Draft it here, or the trainee uploads one signed on paper.'}
          </Text>
        ) : null}
        <Group gap="sm" wrap="wrap">
          {current ? (
            <Button
              component={Link}
              to={actions.contractPath(current.id)}
              leftSection={<IconFileText size={18} aria-hidden />}
              aria-label={`Open contract with ${structure.name}`}
            >
              Open contract
            </Button>
          ) : null}
          {!current && actions.onDraft ? (
            <Button
              leftSection={<IconFilePlus size={18} aria-hidden />}
              loading={actions.drafting === structure.structure_key}
              onClick={() => actions.onDraft?.(structure)}
              aria-label={`Draft contract with ${structure.name}`}
            >
              Draft contract
            </Button>
          ) : null}
          {!current && actions.onUpload ? (
            <Button
              variant="default"
              leftSection={<IconFileUpload size={18} aria-hidden />}
              onClick={() => actions.onUpload?.(structure)}
              aria-label={`Upload a signed contract with ${structure.name}`}
            >
              Upload a signed contract
            </Button>
          ) : null}
        </Group>
        {ended.length > 0 ? (
          <Stack gap={2}>
            <Text size="sm" fw={600}>
              Earlier contracts
            </Text>
            {ended.map((contract) => (
              <Anchor
                key={contract.id}
                component={Link}
                to={actions.contractPath(contract.id)}
                size="sm"
              >
                {contract.starts_on ? `In force ${formatUsDate(contract.starts_on)}` : 'Contract'}
                {contract.ended_on ? ` – ended ${formatUsDate(contract.ended_on)}` : ''}
              </Anchor>
            ))}
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}
