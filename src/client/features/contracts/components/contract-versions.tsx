import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconDownload, IconEye } from '@tabler/icons-react';
import type { Contract } from '../../../../shared/contracts/contract.schema';
import { formatUsDate } from '../../../../shared/logs/time';
import { notifyError } from '../../../lib/notify';
import { ApiError } from '../../../lib/api-client';
import { useDownloadContractDocument } from '../api/download-contract-document';
import { versionLabel } from './contract-status';

/**
 * The contract's history: the original and each amendment, never deleted (Handbook: "the
 * original supervision contracts may be amended … each amendment must be signed and dated by all
 * relevant parties"), each to read and, once signed, to download.
 */
export function ContractVersions({
  contract,
  shown,
  onShow,
}: {
  contract: Contract;
  shown: number;
  onShow: (version: number) => void;
}) {
  const download = useDownloadContractDocument();
  const versions = [...contract.versions].sort((a, b) => b.version - a.version);
  return (
    <Stack gap={0} component="ol" aria-label="Versions" style={{ listStyle: 'none', padding: 0 }}>
      {versions.map((version) => (
        <Group
          key={version.version}
          component="li"
          justify="space-between"
          gap="xs"
          py="xs"
          style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
        >
          <div style={{ minWidth: 0, flex: '1 1 200px' }}>
            <Group gap="xs">
              <Text size="sm" fw={600}>
                {versionLabel(version)}
              </Text>
              {version.version === shown ? (
                <Badge size="sm" variant="light" c="dark.8">
                  Shown
                </Badge>
              ) : null}
            </Group>
            <Text size="sm" c="dimmed">
              {version.is_complete && version.completed_on
                ? `${version.source === 'upload' ? 'Uploaded, signed' : 'Signed by all'} on ${formatUsDate(version.completed_on)}`
                : 'Not signed by all yet'}
            </Text>
          </div>
          <Group gap="xs">
            {version.version !== shown ? (
              <Button
                size="xs"
                variant="default"
                leftSection={<IconEye size={16} aria-hidden />}
                onClick={() => onShow(version.version)}
                aria-label={`View ${versionLabel(version)}`}
              >
                View
              </Button>
            ) : null}
            {version.document ? (
              <Button
                size="xs"
                variant="light"
                leftSection={<IconDownload size={16} aria-hidden />}
                loading={download.isPending && download.variables.version === version.version}
                onClick={() =>
                  download.mutate(
                    { id: contract.id, version: version.version },
                    {
                      onError: (error) =>
                        notifyError(
                          error instanceof ApiError
                            ? error.message
                            : 'The document could not be downloaded.',
                        ),
                    },
                  )
                }
                aria-label={`Download PDF of ${versionLabel(version)}`}
              >
                {version.source === 'upload' && !version.file_name?.endsWith('.pdf')
                  ? 'Download'
                  : 'Download PDF'}
              </Button>
            ) : null}
          </Group>
        </Group>
      ))}
    </Stack>
  );
}
