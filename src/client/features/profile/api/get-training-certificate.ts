import { TrainingCertificateSchema } from '../../../../shared/supervisors/qualification.schema';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/v1/training-certificate/: a short-lived link to the supervisor's own certificate. */
export function getTrainingCertificate() {
  return apiRequest(TrainingCertificateSchema, '/api/v1/training-certificate/');
}
