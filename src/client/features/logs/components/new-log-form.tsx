import { Paper } from '@mantine/core';
import { useState } from 'react';
import { localTimeNow, localToday } from '../../../lib/local-date';
import { useCreateLog } from '../api/create-log';
import { LogForm } from './log-form';
import { emptyLogValues } from './log-form-values';
import { GoodWorkModal } from './deferred-log-modals';
import type { SupervisorChoices } from '../../../components/supervisor-choices';

const freshValues = () => emptyLogValues({ today: localToday(), now: localTimeNow() });

/**
 * /student/logHour's form: a new entry, and the 'Keep up the good work' modal after each save,
 * when the form starts over (SPEC §2, §4). The welcome is a panel of the page (WelcomePanel).
 */
export function NewLogForm({ supervisors }: { supervisors: SupervisorChoices }) {
  const createLog = useCreateLog();
  const [saved, setSaved] = useState<{ id: number; date: string } | null>(null);
  const [initialValues] = useState(freshValues);

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <LogForm
        initialValues={initialValues}
        supervisors={supervisors}
        isNewEntry
        onSave={async (payload) => {
          const log = await createLog.mutateAsync(payload);
          // null: kept on this device to send later (the waiting list says so).
          if (log) setSaved({ id: log.id, date: log.date_of_experience });
          return freshValues();
        }}
      />
      <GoodWorkModal opened={saved !== null} saved={saved} onClose={() => setSaved(null)} />
    </Paper>
  );
}
