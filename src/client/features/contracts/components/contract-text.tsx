import { Stack, Text, Title } from '@mantine/core';
import type { ContractVersion } from '../../../../shared/contracts/contract.schema';

/** A version's text as it was signed (or is being signed): read-only, each element in turn. */
export function ContractText({ version }: { version: ContractVersion }) {
  if (version.source === 'upload') {
    return (
      <Text size="sm">
        This version was signed outside the app and uploaded
        {version.file_name ? ` as ${version.file_name}` : ''}: download it to read it.
      </Text>
    );
  }
  return (
    <Stack gap="md">
      {version.sections.map((section) => (
        <section key={section.id} aria-labelledby={`contract-read-${section.id}`}>
          <Title order={3} size="h5" id={`contract-read-${section.id}`}>
            {section.title}
          </Title>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {section.body}
          </Text>
        </section>
      ))}
    </Stack>
  );
}
