import { Button, Checkbox, Group, List, NativeSelect, Stack, Text } from '@mantine/core';
import { IconFileText } from '@tabler/icons-react';
import { useState } from 'react';
import type { FinalFormRow } from '../../../../shared/forms/final-form.schema';
import { formatMonthYear } from '../../../../shared/logs/time';
import {
  finalNextStep,
  finalRowKey,
  finalRowName,
  finalRowTitle,
  finalStateBadge,
  monthsCountText,
  periodChoices,
  periodText,
} from './final-form-status';
import { FormRowActions, FormRowTitle, type FormRowParty } from './form-row-parts';
import { figuresText, templateFingerprint, templateText } from './month-form-status';

/** A supervision period as the trainee chose it ('YYYY-MM', both ends included). */
export type ChosenPeriod = { fromMonth: string; toMonth: string; prorated: boolean };

/** What the viewer can do: a trainee picks the period, fills and signs; a supervisor signs. */
export type FinalFormRowActions = FormRowParty & {
  onFill?: (row: FinalFormRow, period: ChosenPeriod) => void;
  /** The key (final-form-status `finalRowKey`) of the row being filled, if any. */
  filling?: string | null;
};

/** The months of the period that count less than they logged, with adjusted hours' reasons. */
function Adjustments({ row }: { row: FinalFormRow }) {
  if (row.adjustments.length === 0) return null;
  return (
    <Stack gap={2} mt={4}>
      <Text size="sm" fw={500}>
        Months that count less
      </Text>
      <List size="sm" spacing={2} withPadding>
        {row.adjustments.map((item) => (
          <List.Item key={item.month}>
            {formatMonthYear(item.month)}: {item.reasons.join('; ')}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

/** The trainee's choice of period (months with hours that are over) and the fill button. */
function PeriodFill({
  row,
  title,
  actions,
}: {
  row: FinalFormRow;
  title: string;
  actions: FinalFormRowActions;
}) {
  const [period, setPeriod] = useState<ChosenPeriod>({
    fromMonth: row.from_month,
    toMonth: row.to_month,
    prorated: false,
  });
  const choices = periodChoices(row).map((month) => ({
    value: month,
    label: formatMonthYear(month),
  }));
  const isSame = period.fromMonth === row.from_month && period.toMonth === row.to_month;
  const isBackwards = period.fromMonth > period.toMonth;
  // A live form of this very period that still shows its hours has nothing to fill again.
  const hasNothingToFill = row.form !== null && isSame && !row.is_outdated;
  return (
    <Group
      gap="xs"
      align="flex-end"
      wrap="wrap"
      role="group"
      aria-label={`Period for ${finalRowName(row)}`}
    >
      <NativeSelect
        size="xs"
        label="Period from"
        data={choices}
        value={period.fromMonth}
        onChange={(event) => setPeriod({ ...period, fromMonth: event.currentTarget.value })}
      />
      <NativeSelect
        size="xs"
        label="Period to"
        data={choices}
        value={period.toMonth}
        onChange={(event) => setPeriod({ ...period, toMonth: event.currentTarget.value })}
        error={isBackwards ? 'Choose a month on or after the first one' : undefined}
      />
      <Checkbox
        size="xs"
        pb={6}
        label="Partial first or last month (prorated)"
        checked={period.prorated}
        onChange={(event) => setPeriod({ ...period, prorated: event.currentTarget.checked })}
      />
      {hasNothingToFill ? (
        <Text size="sm" c="dimmed" pb={6}>
          Choose another period to fill the form again.
        </Text>
      ) : (
        <Button
          size="xs"
          leftSection={<IconFileText size={16} aria-hidden />}
          loading={actions.filling === finalRowKey(row)}
          disabled={isBackwards}
          onClick={() => actions.onFill?.(row, period)}
          aria-label={`Fill the official F-FVF for ${title}, ${periodText(period.fromMonth, period.toMonth)}`}
        >
          {row.form ? 'Fill again for this period' : 'Fill the official F-FVF'}
        </Button>
      )}
    </Group>
  );
}

/** One supervision experience: its period, the hours that count and the F-FVF. */
export function FinalFormRowItem({
  row,
  actions,
}: {
  row: FinalFormRow;
  actions: FinalFormRowActions;
}) {
  const title = finalRowTitle(row);
  // A supervisor's experiences share the title: buttons and the signing dialog say the period.
  const name = finalRowName(row);
  const badge = finalStateBadge(row);
  const step = finalNextStep(row, actions.party);
  const { form } = row;
  const canFill = actions.onFill !== undefined && row.is_period_over && !form?.is_complete;

  return (
    <Stack
      component="li"
      gap="xs"
      py="sm"
      style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
    >
      <Group justify="space-between" align="center" gap="sm">
        <div style={{ minWidth: 0, flex: '1 1 260px' }}>
          <FormRowTitle title={title} badge={badge} />
          <Text size="sm">
            Period {periodText(row.from_month, row.to_month)} · {monthsCountText(row.months)}
          </Text>
          <Text size="sm">{figuresText(row.figures)}</Text>
          {step ? (
            <Text size="sm" c="dimmed">
              {step}
            </Text>
          ) : null}
          {form ? (
            <Text size="xs" c="dimmed" title={templateFingerprint(form)}>
              {templateText(form, actions.party)}
            </Text>
          ) : null}
          <Adjustments row={row} />
        </div>
        <Group gap="xs">
          <FormRowActions
            form={
              form && {
                ...form,
                kind: 'final',
                title: name,
                qualificationFlags: row.qualification_flags,
              }
            }
            canSign={form !== null && !form.is_complete && !row.is_outdated}
            actions={actions}
          />
        </Group>
      </Group>
      {canFill ? (
        // Keyed by the row's period: a new fill starts the choice from what was filled.
        <PeriodFill
          key={`${row.from_month}-${row.to_month}`}
          row={row}
          title={title}
          actions={actions}
        />
      ) : null}
    </Stack>
  );
}
