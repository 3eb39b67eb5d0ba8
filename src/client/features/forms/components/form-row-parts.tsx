import { Badge, Button, Group, Text } from '@mantine/core';
import { IconDownload, IconSignature } from '@tabler/icons-react';
import type { FormParty } from '../../../../shared/forms/attestations';
import { hasSigned, signsForm } from './month-form-status';
import type { FormToSign } from './sign-form-modal';

/** Who is looking at a form row, and how they sign. */
export type FormRowParty = { party: FormParty; onSign: (form: FormToSign) => void };

/**
 * A form's Sign and Download buttons, the same on the monthly and the final rows: Sign while
 * the form may be signed (`canSign`) and this party has not signed, Download once it exists.
 */
export function FormRowActions({
  form,
  canSign,
  actions,
}: {
  form: (FormToSign & { document: string }) | null;
  canSign: boolean;
  actions: FormRowParty;
}) {
  if (!form) return null;
  const asTrainee = actions.party === 'trainee';
  return (
    <>
      {canSign && signsForm(form, actions.party) && !hasSigned(form, actions.party) ? (
        <Button
          size="xs"
          leftSection={<IconSignature size={16} aria-hidden />}
          onClick={() => actions.onSign(form)}
          aria-label={`${asTrainee ? 'Sign' : 'Sign as supervisor'}: ${form.title}`}
        >
          {asTrainee ? 'Sign' : 'Sign as supervisor'}
        </Button>
      ) : null}
      <Button
        component="a"
        href={form.document}
        size="xs"
        variant="light"
        leftSection={<IconDownload size={16} aria-hidden />}
        aria-label={`Download the form for ${form.title}`}
      >
        Download
      </Button>
    </>
  );
}

/** A form row's name and where its form stands. */
export function FormRowTitle({
  title,
  badge,
}: {
  title: string;
  badge: { label: string; color: string };
}) {
  return (
    <Group gap="xs" align="center">
      <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
        {title}
      </Text>
      {/* Dark text on the light badge reads at AA whatever its color (as MonthStateBadge). */}
      <Badge color={badge.color} variant="light" c="dark.8">
        {badge.label}
      </Badge>
    </Group>
  );
}
