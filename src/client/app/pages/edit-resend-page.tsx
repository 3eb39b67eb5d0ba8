import { Alert, Anchor, Badge, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconFlag } from '@tabler/icons-react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import type { ExperienceLog } from '../../../shared/logs/experience-log.schema';
import { formatUsDate } from '../../../shared/logs/time';
import { flaggableLabel } from '../../../shared/review/review.schema';
import { EmptyState, ErrorState, LoadingState } from '../../components/page-state';
import { ApiError } from '../../lib/api-client';
import { notifySuccess } from '../../lib/notify';
import { useLog } from '../../features/logs/api/get-log';
import { LogForm } from '../../features/logs/components/log-form';
import { valuesFromLog } from '../../features/logs/components/log-form-values';
import { useResubmitLog } from '../../features/review/api/resubmit-log';
import { useSupervisorChoices } from './supervisor-choices';
import { READABLE_ALERT_STYLES } from '../../features/review/components/review-colors';

/** The Flagged Logs table links here with the id in the query string and in the router state. */
const ArrivalStateSchema = z.object({ id: z.coerce.number().int().positive() });

function useLogId(): number | null {
  const [params] = useSearchParams();
  const location = useLocation();
  const fromQuery = Number(params.get('id'));
  if (Number.isInteger(fromQuery) && fromQuery > 0) return fromQuery;
  const state = ArrivalStateSchema.safeParse(location.state);
  return state.success ? state.data.id : null;
}

/**
 * /student/edit-resend?id= (SPEC §2): the flagged log's form with '(Flagged)' beside each flagged
 * field and the supervisor's comment under it; Submit sends `{ id, log }`, which sets it back to
 * pending ('Successfully submitted', then back one page).
 */
export function EditResendPage() {
  const logId = useLogId();
  return logId === null ? <LogNotFound /> : <EditResendLoader logId={logId} />;
}

function LogNotFound() {
  return (
    <Paper withBorder p="lg">
      <EmptyState title="Log not found">
        Open a flagged log from the{' '}
        <Anchor component={Link} to="/student/monthly-document" size="sm">
          Task List Grid
        </Anchor>{' '}
        page to correct it.
      </EmptyState>
    </Paper>
  );
}

function EditResendLoader({ logId }: { logId: number }) {
  const log = useLog(logId);
  if (log.error instanceof ApiError && log.error.status === 404) return <LogNotFound />;
  if (log.isPending) return <LoadingState rows={10} label="Loading the log" />;
  if (log.isError) return <ErrorState error={log.error} onRetry={() => void log.refetch()} />;
  return <EditResend log={log.data} />;
}

function EditResend({ log }: { log: ExperienceLog }) {
  const navigate = useNavigate();
  const supervisors = useSupervisorChoices();
  const resubmit = useResubmitLog();
  const flags = Object.entries(log.data).filter(([, info]) => info.flagged);

  // Back one page (SPEC §2); arriving from the flag mail there is none, so to the grid page.
  const goBack = () => {
    const index: unknown = (window.history.state as { idx?: unknown } | null)?.idx;
    if (typeof index === 'number' && index > 0) void navigate(-1);
    else void navigate('/student/monthly-document', { state: { date: log.date_of_experience } });
  };

  return (
    <Stack gap="md" maw={1000}>
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} size="h2">
            Edit and resend
          </Title>
          <Text c="dimmed" size="sm">
            {formatUsDate(log.date_of_experience)}, {log.time_of_expereince_start}–
            {log.time_of_expereince_end}
            {log.supervisor_name ? ` · ${log.supervisor_name}` : ''}
          </Text>
        </div>
        <Badge
          variant="dot"
          color={log.status === 'flagged' ? 'red.7' : 'gray'}
          c="dark.8"
          size="lg"
        >
          {log.status}
        </Badge>
      </Group>
      {log.status === 'flagged' ? (
        <Alert
          styles={READABLE_ALERT_STYLES}
          color="orange"
          variant="light"
          icon={<IconFlag aria-hidden />}
          title="Your supervisor flagged this log"
        >
          <Text size="sm">Correct these fields, then submit the log for review again:</Text>
          <List size="sm" mt={4}>
            {flags.map(([field, info]) => (
              <List.Item key={field}>
                {flaggableLabel(field)}
                {info.comment ? `: ${info.comment}` : ''}
              </List.Item>
            ))}
          </List>
        </Alert>
      ) : (
        <Alert
          styles={READABLE_ALERT_STYLES}
          color="blue"
          variant="light"
          title={`This log is ${log.status}`}
        >
          Nothing is flagged on it any more.{' '}
          {log.status === 'approved' ? (
            'Your supervisor approved it.'
          ) : (
            <Anchor component={Link} to={`/student/editLogHour/${log.id}`} size="sm">
              Edit it here
            </Anchor>
          )}
        </Alert>
      )}
      {log.status === 'flagged' ? (
        <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
          <LogForm
            key={log.id}
            initialValues={valuesFromLog(log)}
            supervisors={supervisors}
            isNewEntry={false}
            flags={log.data}
            submitLabel="Submit"
            onSave={async (payload) => {
              const saved = await resubmit.mutateAsync({ id: log.id, log: payload });
              notifySuccess('Successfully submitted');
              goBack();
              return valuesFromLog(saved);
            }}
          />
        </Paper>
      ) : null}
    </Stack>
  );
}
