import { Badge, Box, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { PlanMonthWire, PlanResult } from '../../../../shared/plan/plan.schema';
import { planHours } from './plan-hours';

const NONE = '—';
const hoursOrNone = (hours: number | null) => (hours === null ? NONE : `${planHours(hours)} h`);

function observationText(month: PlanMonthWire): string {
  const observation = month.to_schedule?.observation;
  if (!observation) return NONE;
  if (observation.amount === 0) return 'Done';
  return observation.unit === 'count'
    ? `${observation.amount} ${observation.amount === 1 ? 'observation' : 'observations'}`
    : `${observation.amount} minutes`;
}

function Supervision({ month }: { month: PlanMonthWire }) {
  const schedule = month.to_schedule;
  if (!schedule) return NONE;
  if (schedule.supervision_hours === 0 && schedule.individual_hours === 0) return 'Done';
  return (
    <>
      {planHours(schedule.supervision_hours)} h
      <Text span display="block" size="xs" c="dimmed">
        {planHours(schedule.individual_hours)} h individual
      </Text>
    </>
  );
}

function contactsText(month: PlanMonthWire): string {
  const schedule = month.to_schedule;
  if (!schedule) return NONE;
  if (schedule.contacts === null) return 'No minimum';
  return schedule.contacts === 0 ? 'Done' : String(schedule.contacts);
}

/** Shades at a scrolled edge: local backgrounds cover them where nothing is past the edge. */
const SCROLL_SHADOWS = {
  background:
    'linear-gradient(to right, white 30%, rgba(255,255,255,0)), ' +
    'linear-gradient(to left, white 30%, rgba(255,255,255,0)) 100% 0, ' +
    'radial-gradient(farthest-side at 0 50%, rgba(0,0,0,.22), transparent), ' +
    'radial-gradient(farthest-side at 100% 50%, rgba(0,0,0,.22), transparent) 100% 0',
  backgroundRepeat: 'no-repeat',
  backgroundSize: '40px 100%, 40px 100%, 14px 100%, 14px 100%',
  backgroundAttachment: 'local, local, scroll, scroll',
} as const;

/** A begun month: what counts of what was logged, and why the rest does not. */
function Counted({ month }: { month: PlanMonthWire }) {
  if (month.counted_hours === null || month.logged_hours === null) return NONE;
  return (
    <>
      {planHours(month.counted_hours)} h
      <Text span display="block" size="xs" c="dimmed">
        of {planHours(month.logged_hours)} h logged
      </Text>
      {month.reasons.map((reason) => (
        <Text
          span
          display="block"
          size="xs"
          c="dark.6"
          key={reason}
          maw={200}
          style={{ whiteSpace: 'normal' }}
        >
          {reason}
        </Text>
      ))}
    </>
  );
}

const NUMERIC = {
  ta: 'right',
  style: { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
} as const;

/**
 * Every month of the plan: what counted, what is planned and still to log, and what each month
 * still needs scheduled to count. The table scrolls sideways on a narrow screen (focusable, so a
 * keyboard can scroll it too).
 */
export function PlanMonthsTable({ plan }: { plan: PlanResult }) {
  return (
    <Stack gap="sm" component="section" aria-labelledby="plan-months-title">
      <div>
        <Title order={2} size="h4" id="plan-months-title">
          Month by month
        </Title>
        <Text size="sm" c="dimmed">
          Hours that count so far, and the plan from this month on (planned: the month&apos;s whole
          total; this month has {plan.days_left_this_month}{' '}
          {plan.days_left_this_month === 1 ? 'day' : 'days'} left, today included, and is planned
          for those days only). Unrestricted hours and supervision are the least still to log;
          contacts and observation are what is still to schedule.
        </Text>
      </div>
      <Text size="xs" c="dimmed" hiddenFrom="md" aria-hidden>
        The table scrolls sideways: swipe it for every column →
      </Text>
      <Box
        role="group"
        aria-label="Months, scrolls sideways"
        tabIndex={0}
        // Scroll shadows: a shade at the edge that has more columns past it (CSS only).
        style={{ overflowX: 'auto', ...SCROLL_SHADOWS }}
      >
        <Table verticalSpacing="xs" miw={720} highlightOnHover aria-labelledby="plan-months-title">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Month</Table.Th>
              <Table.Th scope="col" ta="right">
                Counts
              </Table.Th>
              <Table.Th scope="col" ta="right">
                Planned
              </Table.Th>
              <Table.Th scope="col" ta="right">
                Unrestricted, at least
              </Table.Th>
              <Table.Th scope="col" ta="right">
                Supervision to schedule
              </Table.Th>
              <Table.Th scope="col" ta="right">
                Contacts
              </Table.Th>
              <Table.Th scope="col" ta="right">
                Observation
              </Table.Th>
              <Table.Th scope="col" ta="right">
                Added up
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {plan.months.map((month) => (
              <Table.Tr key={month.month} fw={month.kind === 'current' ? 600 : undefined}>
                <Table.Th scope="row" fw="inherit" style={{ whiteSpace: 'nowrap' }}>
                  {month.label}
                  <Group gap={4} wrap="nowrap">
                    {month.kind === 'current' ? (
                      <Tag
                        label={`This month, ${plan.days_left_this_month} ${plan.days_left_this_month === 1 ? 'day' : 'days'} left`}
                      />
                    ) : null}
                    {month.month === plan.target_month ? <Tag label="Target" /> : null}
                    {month.month === plan.finish_month ? <Tag label="Finish" /> : null}
                  </Group>
                </Table.Th>
                <Table.Td {...NUMERIC}>
                  <Counted month={month} />
                </Table.Td>
                <Table.Td {...NUMERIC}>{hoursOrNone(month.planned_hours)}</Table.Td>
                <Table.Td {...NUMERIC}>{hoursOrNone(month.unrestricted_hours)}</Table.Td>
                <Table.Td {...NUMERIC}>
                  <Supervision month={month} />
                </Table.Td>
                <Table.Td {...NUMERIC}>{contactsText(month)}</Table.Td>
                <Table.Td {...NUMERIC}>{observationText(month)}</Table.Td>
                <Table.Td {...NUMERIC}>
                  {hoursOrNone(month.cumulative_planned_hours ?? month.cumulative_actual_hours)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Box>
    </Stack>
  );
}

/**
 * A badge under the month's name, whole at any width: Mantine's label is cut with an ellipsis
 * when the column is tight (the table's other columns take the room at 1280 px); this one
 * wraps onto a second line instead, keeping the table within the page.
 */
function Tag({ label }: { label: string }) {
  return (
    <Badge
      variant="outline"
      color="gray.7"
      size="sm"
      h="auto"
      py={2}
      styles={{ label: { whiteSpace: 'normal', overflow: 'visible', lineHeight: 1.3 } }}
    >
      {label}
    </Badge>
  );
}
