import { Paper } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { localToday } from '../../../lib/local-date';
import { useCreateLog } from '../api/create-log';
import { LogForm } from './log-form';
import { emptyLogValues, keptChoices, type KeptLogChoices } from './log-form-values';
import { GoodWorkModal } from './deferred-log-modals';
import type { SupervisorChoices } from '../../../components/supervisor-choices';

const freshValues = (kept?: KeptLogChoices) => emptyLogValues({ today: localToday(), kept });

/**
 * /student/logHour's form: a new entry, and the 'Keep up the good work' modal after each save,
 * when the form starts over (SPEC §2, §4), keeping the saved entry's supervisor, fieldwork type
 * and setting. The welcome is a panel of the page (WelcomePanel).
 */
export function NewLogForm({
  supervisors,
  startNotice,
}: {
  supervisors: SupervisorChoices;
  /** Issue 39: the page's warning for an entry dated where it would not count. */
  startNotice?: (date: string, record: string) => ReactNode;
}) {
  const createLog = useCreateLog();
  const [saved, setSaved] = useState<{ id: number; date: string } | null>(null);
  const [initialValues] = useState(() => freshValues());

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <LogForm
        initialValues={initialValues}
        supervisors={supervisors}
        isNewEntry
        startNotice={startNotice}
        onSave={async (payload) => {
          const log = await createLog.mutateAsync(payload);
          // null: kept on this device to send later (the waiting list says so).
          if (log) setSaved({ id: log.id, date: log.date_of_experience });
          // A supervisor added with the entry is chosen by the record the server made for them.
          const record = log?.trainee_supervisor ?? payload.trainee_supervisor;
          return freshValues(
            keptChoices({ ...payload, supervisor: record, trainee_supervisor: record }),
          );
        }}
      />
      <GoodWorkModal opened={saved !== null} saved={saved} onClose={() => setSaved(null)} />
    </Paper>
  );
}
