import { Grid, Stack, Title } from '@mantine/core';
import { CalendarFeedSection } from '../../features/calendar/components/calendar-feed-section';
import { ProfilePicture } from '../../features/files/components/profile-picture';
import { ProfileSummary } from '../../features/profile/components/profile-summary';
import { TimeZoneSection } from '../../features/profile/components/time-zone-section';
import { SupervisorQualificationsCard } from '../../features/profile/components/supervisor-qualifications-card';
import { TraineeFormDetails } from '../../features/profile/components/trainee-form-details';
import { TraineeStartSection } from '../../features/profile/components/trainee-start-section';
import { WholeRecordCard } from '../../features/records-export/components/whole-record-card';
import { BadgeRows } from '../../features/progress/components/badge-rows';
import { RuleSetChoice } from '../../features/progress/components/rule-set-choice';
import { ActiveSessionsSection } from '../../features/security/components/active-sessions-section';
import { SignInMethodsSection } from '../../features/security/components/sign-in-methods-section';
import { SecurityActivitySection } from '../../features/security/components/security-activity-section';
import { SupervisorsTable } from '../../features/supervisors/components/supervisors-table';

/** /student/profile-screen: the trainee's profile card, the details the official forms need,
 * their pathway and first class, the time zone their days are counted in, supervisors and their
 * qualifications, choice of standards, the whole-record
 * download, and the account's sessions and security activity. */
export function StudentProfilePage() {
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Profile
      </Title>
      <Grid gap="md" align="flex-start">
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Stack gap="md">
            <ProfileSummary picture={(user) => <ProfilePicture user={user} />} />
            <BadgeRows />
            <WholeRecordCard />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Stack gap="md">
            <TraineeFormDetails />
            <TraineeStartSection />
            <TimeZoneSection />
            <SupervisorsTable />
            <SupervisorQualificationsCard />
            <RuleSetChoice />
            <SignInMethodsSection />
            <CalendarFeedSection />
            <ActiveSessionsSection />
            <SecurityActivitySection />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
