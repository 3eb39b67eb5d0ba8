import { Alert, Button, Stack, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';

// Only an existing entry can have it, and it shows after 300 ms: with the task lists it reads an
// id's edition from, it is not part of the new log form's first download (issue 11).
// Shown only after a failed save (with Mantine's List): asked for when the form first renders.
const saveErrorsAlert = import('./save-errors-alert');
const SaveErrorsAlert = lazy(() => saveErrorsAlert);

const LegacyNotice = lazy(() =>
  import('./legacy-notice').then((m) => ({ default: m.LegacyNotice })),
);

type LogFormNoticesProps = {
  /** The messages of the last failed save. */
  serverErrors: readonly string[];
  /** A new entry while the 5th Edition list is shown: new entries use the 6th. */
  isSixthEditionNeeded: boolean;
  onUseSixthEdition: () => void;
  /** An existing entry's date and tasks, for the legacy notice; null for a new entry. */
  existingEntry: { dateOfExperience: string; taskIds: string[] } | null;
};

/** What the form says above its fields: why a save failed, and which task list to use. */
export function LogFormNotices({
  serverErrors,
  isSixthEditionNeeded,
  onUseSixthEdition,
  existingEntry,
}: LogFormNoticesProps) {
  return (
    <>
      {serverErrors.length > 0 ? (
        <Suspense fallback={null}>
          <SaveErrorsAlert messages={serverErrors} />
        </Suspense>
      ) : null}
      {isSixthEditionNeeded ? (
        <Alert color="yellow" variant="light" title="New entries use the 6th Edition">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              The platform is aligned with the BACB’s 6th Edition Test Content Outline: new entries
              must document its tasks. The 5th Edition list is shown for reference only.
            </Text>
            <Button size="xs" variant="light" color="yellow.9" onClick={onUseSixthEdition}>
              Use the 6th Edition
            </Button>
          </Stack>
        </Alert>
      ) : null}
      {existingEntry ? (
        <Suspense fallback={null}>
          <LegacyNotice
            dateOfExperience={existingEntry.dateOfExperience}
            taskIds={existingEntry.taskIds}
          />
        </Suspense>
      ) : null}
    </>
  );
}
