import type { BillingStanding } from '../../../shared/billing/billing.schema';
import { AccessWarningBanner } from '../../features/billing/components/access-warning-banner';
import { DownloadLogsLink } from '../../features/progress/components/download-logs-link';

/** The student area's trial or subscription warning, with the trainee's logs to download. */
export default function StudentWarningBanner({
  warning,
}: {
  warning: NonNullable<BillingStanding['warning']>;
}) {
  return <AccessWarningBanner warning={warning} logsDownload={<DownloadLogsLink />} />;
}
