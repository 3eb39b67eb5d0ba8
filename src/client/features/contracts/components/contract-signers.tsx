import { Badge, Button, Group, List, Stack, Text } from '@mantine/core';
import { IconSignature } from '@tabler/icons-react';
import type { ContractVersion } from '../../../../shared/contracts/contract.schema';
import { formatUsDate } from '../../../../shared/logs/time';
import { signatureText } from './contract-status';

/**
 * Who signs a version and who has: each party's typed name and date, or what is awaited. The
 * caller's own line has the Sign button while they may sign (`canSignNow`: not while the text
 * has unsaved changes).
 */
export function ContractSigners({
  version,
  canSignNow,
  onSign,
}: {
  version: ContractVersion;
  canSignNow: boolean;
  onSign: () => void;
}) {
  if (version.source === 'upload') {
    return (
      <Stack gap={4}>
        <Text size="sm">
          Signed outside the app
          {version.completed_on ? ` on ${formatUsDate(version.completed_on)}` : ''} by:
        </Text>
        <List size="sm" aria-label="Who signed">
          {version.declared_signers.map((name) => (
            <List.Item key={name}>{name}</List.Item>
          ))}
        </List>
      </Stack>
    );
  }
  return (
    <Stack gap="xs" component="ul" aria-label="Signers" style={{ listStyle: 'none', padding: 0 }}>
      {version.signers.map((signer) => (
        <Group
          key={`${signer.party}-${signer.trainee_supervisor ?? 'trainee'}`}
          component="li"
          justify="space-between"
          gap="xs"
          wrap="wrap"
        >
          <div style={{ minWidth: 0 }}>
            <Group gap="xs">
              <Text size="sm" fw={600}>
                {signer.name}
              </Text>
              <Badge size="sm" variant="light" color="gray" c="dark.8">
                {signer.party === 'trainee' ? 'Trainee' : 'Supervisor'}
              </Badge>
            </Group>
            <Text size="sm" c={signer.signature ? undefined : 'dimmed'}>
              {signatureText(signer.signature)}
            </Text>
            {!signer.signature && !signer.has_account ? (
              <Text size="sm" c="orange.9">
                No account in the tracker: invite them, or upload the contract signed on paper.
              </Text>
            ) : null}
          </div>
          {signer.can_sign && !signer.signature ? (
            <Button
              size="sm"
              leftSection={<IconSignature size={16} aria-hidden />}
              onClick={onSign}
              disabled={!canSignNow}
            >
              Sign
            </Button>
          ) : null}
        </Group>
      ))}
    </Stack>
  );
}
