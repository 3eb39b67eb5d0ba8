import { Alert, Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import type { User } from '../../../../shared/accounts/account.schema';
import { formatUsDate } from '../../../../shared/logs/time';
import { todayIn, UTC } from '../../../../shared/logs/time-zone';
import { ErrorState, LoadingState } from '../../../components/page-state';
import { ApiError } from '../../../lib/api-client';
import { browserTimeZone } from '../../../lib/local-date';
import { notifySuccess } from '../../../lib/notify';
import { useProfile } from '../api/get-profile';
import { useSetTimeZone } from '../api/set-time-zone';

/** 'GMT-5' for a zone now, or '' where the runtime cannot say. */
function offsetOf(timeZone: string, now: Date): string {
  try {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      timeZoneName: 'shortOffset',
    }).formatToParts(now);
    return parts.find((part) => part.type === 'timeZoneName')?.value ?? '';
  } catch {
    return '';
  }
}

/**
 * Every zone the browser knows, searchable by its words ('new york', 'GMT-5'); the stored one
 * is kept among them even where this browser does not list it.
 */
function zoneOptions(stored: string | null, now: Date) {
  const zones = new Set(Intl.supportedValuesOf('timeZone'));
  zones.add(UTC);
  if (stored) zones.add(stored);
  return [...zones].sort().map((zone) => {
    const offset = offsetOf(zone, now);
    const words = zone.replaceAll('_', ' ');
    return { value: zone, label: offset ? `${words} (${offset})` : words };
  });
}

/**
 * The profile's time zone (issue 36): where the person's today, deadlines and days left are
 * counted, on the server and here. Set from the browser after sign-in; changed by choosing one.
 */
export function TimeZoneSection() {
  const profile = useProfile();
  if (profile.isPending) return <LoadingState rows={2} label="Loading your time zone" />;
  if (profile.isError) {
    return <ErrorState error={profile.error} onRetry={() => void profile.refetch()} />;
  }
  return <TimeZoneEditor user={profile.data} />;
}

function TimeZoneEditor({ user }: { user: User }) {
  const save = useSetTimeZone();
  const [error, setError] = useState<string | null>(null);
  const now = useMemo(() => new Date(), []);
  const options = useMemo(() => zoneOptions(user.time_zone, now), [user.time_zone, now]);
  const browser = browserTimeZone();
  const zone = user.time_zone;

  const choose = async (value: string | null) => {
    if (value === null || value === zone) return;
    setError(null);
    try {
      await save.mutateAsync(value);
      notifySuccess('Successfully updated!');
    } catch (failure) {
      const message =
        failure instanceof ApiError
          ? (failure.fields.time_zone?.[0] ?? failure.message)
          : 'Something went wrong. Please try again.';
      setError(message);
    }
  };

  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="time-zone-title"
    >
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" id="time-zone-title">
            Time zone
          </Title>
          <Text size="sm" c="dimmed">
            Your today, the forms’ deadlines and the days left are counted where you live: a
            deadline ends at midnight at the end of its last day in this zone.
          </Text>
        </div>
        {zone === null ? (
          <Alert color="yellow" title="No time zone yet">
            Until you choose one, your days are counted in UTC.
          </Alert>
        ) : null}
        <Select
          label="Your time zone"
          placeholder="Search: a city or GMT-5"
          data={options}
          value={zone}
          onChange={(value) => void choose(value)}
          searchable
          nothingFoundMessage="No time zone by that name"
          maxDropdownHeight={280}
          disabled={save.isPending}
          error={error}
          description={
            zone === null ? undefined : `Today there: ${formatUsDate(todayIn(now, zone))}`
          }
        />
        {browser !== null && browser !== zone ? (
          <Group gap="xs" wrap="wrap">
            <Text size="sm">This device is set to {browser.replaceAll('_', ' ')}.</Text>
            <Button
              variant="light"
              size="xs"
              onClick={() => void choose(browser)}
              loading={save.isPending}
            >
              Use it
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
