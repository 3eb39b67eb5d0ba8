import { Badge, Button, Group, Text } from '@mantine/core';
import { IconDownload, IconFileText, IconSignature } from '@tabler/icons-react';
import type { FormParty } from '../../../../shared/forms/attestations';
import type { MonthForm, MonthFormRow } from '../../../../shared/forms/month-form.schema';
import { addDays, formatUsDate, monthEnd } from '../../../../shared/logs/time';
import { deadlineText, formatFormHours, rowKey, rowTitle, stateBadge } from './month-form-status';

/** What the viewer can do: a trainee fills and signs, a supervisor only signs. */
export type MonthFormRowActions = {
  party: FormParty;
  onFill?: (row: MonthFormRow) => void;
  /** The key (month-form-status `rowKey`) of the row being filled, if any. */
  filling?: string | null;
  onSign: (form: MonthForm) => void;
};

function figuresText(row: MonthFormRow): string {
  const { figures } = row;
  return [
    `Independent ${formatFormHours(figures.independent_hours)} h`,
    `Supervised ${formatFormHours(figures.supervised_hours)} h`,
    `Total ${formatFormHours(figures.total_hours)} h`,
    `${figures.percent_supervised.toFixed(1)}% supervised`,
  ].join(' · ');
}

function hasSigned(form: MonthForm, party: FormParty): boolean {
  return (party === 'trainee' ? form.trainee_signature : form.supervisor_signature) !== null;
}

/** The line under the figures saying what is left to do, if anything. */
function nextStep(row: MonthFormRow, party: FormParty): string | null {
  if (!row.is_month_over) {
    return `Can be filled from ${formatUsDate(addDays(monthEnd(row.month), 1))}.`;
  }
  const { form } = row;
  if (!form) return party === 'trainee' ? null : 'The trainee has not filled this form yet.';
  if (form.is_complete) return null;
  if (row.is_outdated) {
    return party === 'trainee'
      ? 'Your logs changed since this form was filled: fill it again before signing.'
      : 'The logs changed since this form was filled: the trainee fills it again before it is signed.';
  }
  const signed = [
    form.trainee_signature
      ? `trainee signed ${formatUsDate(form.trainee_signature.signed_on)}`
      : null,
    form.supervisor_signature
      ? `supervisor signed ${formatUsDate(form.supervisor_signature.signed_on)}`
      : null,
  ].filter(Boolean);
  return signed.length > 0 ? `Signatures: ${signed.join(', ')}.` : 'Not signed yet.';
}

/** One month × supervisor × fieldwork type: figures, deadline state and the form's actions. */
export function MonthFormRowItem({
  row,
  actions,
}: {
  row: MonthFormRow;
  actions: MonthFormRowActions;
}) {
  const badge = stateBadge(row.state);
  const title = rowTitle(row);
  const { form } = row;
  const canFill =
    actions.onFill !== undefined &&
    row.is_month_over &&
    (!form || (!form.is_complete && row.is_outdated));
  const canSign =
    form !== null && !form.is_complete && !row.is_outdated && !hasSigned(form, actions.party);
  const step = nextStep(row, actions.party);

  return (
    <Group
      component="li"
      justify="space-between"
      align="center"
      gap="sm"
      py="sm"
      style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
    >
      <div style={{ minWidth: 0, flex: '1 1 260px' }}>
        <Group gap="xs" align="center">
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Text>
          <Badge color={badge.color} variant="light">
            {badge.label}
          </Badge>
        </Group>
        <Text size="sm">{figuresText(row)}</Text>
        <Text size="sm" c={row.state === 'overdue' ? 'red.8' : 'dimmed'}>
          {deadlineText(row)}
        </Text>
        {step ? (
          <Text size="sm" c="dimmed">
            {step}
          </Text>
        ) : null}
      </div>
      <Group gap="xs">
        {canFill && actions.onFill ? (
          <Button
            size="xs"
            leftSection={<IconFileText size={16} aria-hidden />}
            loading={actions.filling === rowKey(row)}
            onClick={() => actions.onFill?.(row)}
            aria-label={`Fill the official form for ${title}`}
          >
            {form ? 'Fill the official form again' : 'Fill the official form'}
          </Button>
        ) : null}
        {canSign ? (
          <Button
            size="xs"
            leftSection={<IconSignature size={16} aria-hidden />}
            onClick={() => actions.onSign(form)}
            aria-label={`${actions.party === 'trainee' ? 'Sign' : 'Sign as supervisor'}: ${title}`}
          >
            {actions.party === 'trainee' ? 'Sign' : 'Sign as supervisor'}
          </Button>
        ) : null}
        {form ? (
          <Button
            component="a"
            href={form.document}
            size="xs"
            variant="light"
            leftSection={<IconDownload size={16} aria-hidden />}
            aria-label={`Download the form for ${title}`}
          >
            Download
          </Button>
        ) : null}
      </Group>
    </Group>
  );
}
