import { AtRiskSection } from '../../features/at-risk/components/at-risk-section';
import { SignLogsPage } from '../../features/review/components/sign-logs-page';

/** /supervisor/signlogs, the supervisor's home: the review calendar with the at-risk list above it. */
export function SupervisorHomePage() {
  return <SignLogsPage attention={<AtRiskSection />} />;
}
