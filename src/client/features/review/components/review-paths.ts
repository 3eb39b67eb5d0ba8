/** The supervisor area's addresses of the review pages. */

/** A log's details page, with its flag form open when asked. */
export function logDetailsPath(logId: number, action?: 'flag'): string {
  return `/supervisor/log-details/${logId}${action ? `?action=${action}` : ''}`;
}

/** A trainee's accrued hours and months. */
export function traineePath(traineeId: number): string {
  return `/supervisor/trainees/${traineeId}`;
}

/** A trainee's task grid. */
export function traineeGridPath(traineeId: number): string {
  return `/supervisor/monthly-document?u_id=${traineeId}`;
}
