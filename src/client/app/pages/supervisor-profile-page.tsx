import { Stack } from '@mantine/core';
import { CalendarFeedSection } from '../../features/calendar/components/calendar-feed-section';
import { ProfilePicture } from '../../features/files/components/profile-picture';
import { SupervisorProfilePage as SupervisorProfile } from '../../features/profile/components/supervisor-profile-page';
import { TimeZoneSection } from '../../features/profile/components/time-zone-section';
import { ActiveSessionsSection } from '../../features/security/components/active-sessions-section';
import { SignInMethodsSection } from '../../features/security/components/sign-in-methods-section';
import { SecurityActivitySection } from '../../features/security/components/security-activity-section';

/**
 * /supervisor/profile-screen: the profile feature's page with the files feature's picture, the
 * time zone their days are counted in, then the account's sessions and security activity.
 */
export function SupervisorProfilePage() {
  return (
    <Stack gap="md" maw={760}>
      <SupervisorProfile picture={(user) => <ProfilePicture user={user} size={64} />} />
      <TimeZoneSection />
      <SignInMethodsSection />
      <CalendarFeedSection />
      <ActiveSessionsSection />
      <SecurityActivitySection />
    </Stack>
  );
}
