import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useId, useState } from 'react';
import { isValidDate } from '../../../../shared/logs/time';
import { ErrorState, LoadingState } from '../../../components/page-state';
import { localToday } from '../../../lib/local-date';
import { useTaskVersion } from '../../../lib/task-version';
import { useAgendas } from '../api/get-agendas';
import { AgendaForm } from './agenda-form';
import { agendaValues, blankAgenda } from './agenda-form-values';

/**
 * Where a supervisor writes the supervision contact agenda of a trainee (SPEC §2
 * /supervisor/monthly-document): a date, then the agenda of that date, new or the one saved
 * before (saving a date again replaces it). The trainee reads it on their agenda page.
 */
export function AgendaWriter({ trainee }: { trainee: { id: number; name: string } }) {
  const titleId = useId();
  const [version] = useTaskVersion();
  const [date, setDate] = useState(localToday());
  const isDate = isValidDate(date);
  const saved = useAgendas(trainee.id, {});
  const ofDate = useAgendas(trainee.id, { start: date, end: date }, { enabled: isDate });
  const existing = ofDate.data?.at(-1);

  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} component="section" aria-labelledby={titleId}>
      <Stack gap="md">
        <div>
          <Title order={2} size="h4" id={titleId}>
            Supervision contact agenda
          </Title>
          <Text size="sm" c="dimmed">
            What you covered with {trainee.name} in a supervision contact. They read it on their
            agenda page and can download it as a PDF. Saving a date again replaces its agenda.
          </Text>
        </div>
        <Group align="flex-end" gap="md">
          <DateInput
            label="Date"
            placeholder="YYYY-MM-DD"
            valueFormat="YYYY-MM-DD"
            previousLabel="Previous month"
            nextLabel="Next month"
            hideOutsideDates
            required
            value={isDate ? date : null}
            onChange={(next) => setDate(next ?? '')}
            error={isDate ? undefined : 'Choose the date of the contact'}
            w={{ base: '100%', xs: 200 }}
          />
          {saved.data && saved.data.length > 0 ? (
            <Group gap={6} role="group" aria-label="Agendas you saved">
              <Text size="sm" c="dimmed">
                Saved:
              </Text>
              {[...saved.data]
                .reverse()
                .slice(0, 6)
                .map((row) => (
                  <Button
                    key={row.id}
                    size="compact-sm"
                    variant={row.date === date ? 'filled' : 'light'}
                    aria-pressed={row.date === date}
                    onClick={() => setDate(row.date)}
                  >
                    {row.date}
                  </Button>
                ))}
            </Group>
          ) : null}
        </Group>
        {!isDate ? null : ofDate.isPending || ofDate.isPlaceholderData ? (
          <LoadingState rows={6} label="Loading the agenda of this date" />
        ) : ofDate.isError ? (
          <ErrorState error={ofDate.error} onRetry={() => void ofDate.refetch()} />
        ) : (
          <>
            <Text size="sm" fw={600} aria-live="polite">
              {existing
                ? `Changing the agenda you saved for ${date}.`
                : `A new agenda for ${date}.`}
            </Text>
            <AgendaForm
              // A fresh form for each date, with that date's saved agenda when there is one.
              key={`${date}-${existing?.id ?? 'new'}`}
              traineeId={trainee.id}
              version={version}
              defaultValues={existing ? agendaValues(existing) : blankAgenda(date, trainee.name)}
            />
          </>
        )}
      </Stack>
    </Paper>
  );
}
