import {
  Alert,
  Button,
  CopyButton,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconCalendarPlus, IconCheck, IconCopy, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ErrorState, LoadingState } from '../../../components/page-state';
import { ApiError } from '../../../lib/api-client';
import { formatInstant } from '../../../lib/local-date';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCreateCalendarFeed } from '../api/create-calendar-feed';
import { useCalendarFeed } from '../api/get-calendar-feed';
import { useRevokeCalendarFeed } from '../api/revoke-calendar-feed';

const failed = (error: unknown, fallback: string) =>
  notifyError(error instanceof ApiError ? error.message : fallback);

/** The URL just made: shown this once, with Copy (only a hash of its token is kept). */
function NewFeedUrl({ url }: { url: string }) {
  return (
    <Alert color="blue" variant="light" title="Your calendar feed URL">
      <Stack gap="xs">
        <Text size="sm">
          Copy it now and add it to Google Calendar (“From URL”) or Outlook (“Subscribe from web”).
          It is shown only this once; anyone with it can see your calendar, so keep it private.
        </Text>
        <Group gap="xs" wrap="nowrap" align="flex-end">
          <TextInput
            label="Feed URL"
            value={url}
            readOnly
            onFocus={(event) => event.currentTarget.select()}
            style={{ flex: 1, minWidth: 0 }}
          />
          <CopyButton value={url}>
            {({ copied, copy }) => (
              <Button
                variant={copied ? 'light' : 'filled'}
                leftSection={
                  copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />
                }
                onClick={copy}
              >
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Stack>
    </Alert>
  );
}

/**
 * "Calendar feed" on the profile (issue 14): a private ICS URL with the logged supervision
 * meetings and the monthly forms' deadlines. The URL is shown once when made; Renew makes a new
 * one (the old stops working), Revoke ends it.
 */
export function CalendarFeedSection() {
  const feed = useCalendarFeed();
  const create = useCreateCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  const [shownUrl, setShownUrl] = useState<string | null>(null);

  const onCreate = async () => {
    try {
      const created = await create.mutateAsync();
      setShownUrl(created.url);
      notifySuccess('Calendar feed ready');
    } catch (error) {
      failed(error, 'Failed to make the calendar feed!');
    }
  };
  const onRevoke = async () => {
    try {
      await revoke.mutateAsync();
      setShownUrl(null);
      notifySuccess('Calendar feed revoked');
    } catch (error) {
      failed(error, 'Failed to revoke the calendar feed!');
    }
  };

  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="calendar-feed-title"
    >
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={2} size="h4" id="calendar-feed-title">
            Calendar feed
          </Title>
          <Text size="sm" c="dimmed">
            Your logged supervision meetings and the monthly forms’ signing deadlines in your own
            calendar app, kept up to date. Changing your password or signing out everywhere else
            ends it: create a new URL then.
          </Text>
        </Stack>
        {feed.isPending ? <LoadingState rows={2} label="Loading your calendar feed" /> : null}
        {feed.isError ? (
          <ErrorState error={feed.error} onRetry={() => void feed.refetch()} />
        ) : null}
        {shownUrl ? <NewFeedUrl url={shownUrl} /> : null}
        {feed.data && !feed.data.is_active ? (
          <Group justify="space-between" gap="sm">
            <Text size="sm">You have no calendar feed.</Text>
            <Button
              leftSection={<IconCalendarPlus size={16} aria-hidden />}
              loading={create.isPending}
              onClick={() => void onCreate()}
            >
              Create feed URL
            </Button>
          </Group>
        ) : null}
        {feed.data?.is_active ? (
          <Stack gap="xs">
            <Text size="sm">
              Active since {formatInstant(feed.data.created_at ?? '')}, times in{' '}
              {feed.data.time_zone}.
              {shownUrl
                ? ''
                : ' Lost the URL? Renew it to get a new one; the old one stops working.'}
            </Text>
            <Group gap="xs">
              <Button
                size="xs"
                variant="default"
                leftSection={<IconRefresh size={16} aria-hidden />}
                loading={create.isPending}
                onClick={() => void onCreate()}
              >
                Renew URL
              </Button>
              <Button
                size="xs"
                variant="light"
                color="red"
                leftSection={<IconTrash size={16} aria-hidden />}
                loading={revoke.isPending}
                onClick={() => void onRevoke()}
              >
                Revoke feed
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}
