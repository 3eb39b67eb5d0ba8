import { ExperienceLogSchema } from '../../../../shared/logs/experience-log.schema';
import type { LogEntryWire } from '../../../../shared/logs/log-entry.schema';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/v1/experience-log/ with the entry's Idempotency-Key (decision 023). */
export function postLog(body: LogEntryWire, key: string) {
  return apiRequest(ExperienceLogSchema, '/api/v1/experience-log/', {
    method: 'POST',
    body,
    headers: { 'idempotency-key': key },
  });
}
