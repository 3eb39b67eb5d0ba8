import { ProfilePicture } from '../../features/files/components/profile-picture';
import { SupervisorProfilePage as SupervisorProfile } from '../../features/profile/components/supervisor-profile-page';

/** /supervisor/profile-screen: the profile feature's page with the files feature's picture. */
export function SupervisorProfilePage() {
  return <SupervisorProfile picture={(user) => <ProfilePicture user={user} size={64} />} />;
}
