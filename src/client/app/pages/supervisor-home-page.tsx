import { AtRiskSection } from '../../features/at-risk/components/at-risk-section';
import { SignLogsPage } from '../../features/review/components/sign-logs-page';
import { TraineeRequestsCard } from '../../features/supervisors/components/trainee-requests-card';

/**
 * /supervisor/signlogs, the supervisor's home: the trainees asking to be theirs (issue 36) and
 * the at-risk list above the review calendar.
 */
export function SupervisorHomePage() {
  return (
    <SignLogsPage
      attention={
        <>
          <TraineeRequestsCard />
          <AtRiskSection />
        </>
      }
    />
  );
}
