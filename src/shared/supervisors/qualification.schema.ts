import { z } from 'zod';
import { IsoDateSchema, nameText, requiredText, REQUIRED, safeText } from '../wire/primitives';
import { BACB_ID_PATTERN } from '../accounts/qualification-profile.schema';
import { INVALID_BACB_ID } from '../accounts/profile-update.schema';
import { QualificationFlagSchema } from './qualification-flag.schema';

// The wire of a supervisor's qualification (issue 39 part 3; BCBA Handbook, "Supervisor
// Qualifications"): the first-year consultations a supervisor keeps, and the flags
// (shared/supervisors/qualification.ts) their trainees and the forms show.

export const CONSULTATION_MESSAGES = {
  future: 'The meeting date cannot be in the future',
  beforeCertification: 'The meeting cannot be before your BACB certification date',
} as const;

/** POST /api/v1/consultations/: one monthly consultation meeting ("consulting supervisor meetings"). */
export const ConsultationCreateRequestSchema = z.object({
  met_on: IsoDateSchema,
  consultant_name: nameText(150, { error: REQUIRED }).min(1, { error: REQUIRED }),
  consultant_bacb_id: requiredText(20)
    .toUpperCase()
    .regex(BACB_ID_PATTERN, { error: INVALID_BACB_ID }),
  notes: safeText()
    .trim()
    .max(2000, { error: 'Must be at most 2000 characters' })
    .optional()
    .default(''),
});
export type ConsultationCreateRequest = z.infer<typeof ConsultationCreateRequestSchema>;
export type ConsultationForm = z.input<typeof ConsultationCreateRequestSchema>;

export const ConsultationMeetingSchema = z.object({
  id: z.number(),
  met_on: z.string(),
  consultant_name: z.string(),
  consultant_bacb_id: z.string(),
  notes: z.string(),
  created_at: z.string(),
});
export type ConsultationMeeting = z.infer<typeof ConsultationMeetingSchema>;

/** GET /api/v1/consultations/: the meetings (newest first) and the first-year months lacking one. */
export const ConsultationsAnswerSchema = z.object({
  results: z.array(ConsultationMeetingSchema),
  certified_on: z.string().nullable(),
  /** The first anniversary of certification: no consultation is needed from that day on. */
  first_year_ends_on: z.string().nullable(),
  /** Months the supervisor supervised a linked trainee's logs in their first year, none recorded. */
  missing: z.array(QualificationFlagSchema),
});
export type ConsultationsAnswer = z.infer<typeof ConsultationsAnswerSchema>;

/** The 8-hour training certificate: a short-lived download link. */
export const TrainingCertificateSchema = z.object({
  file_name: z.string(),
  content_type: z.string(),
  url: z.string(),
});
export type TrainingCertificate = z.infer<typeof TrainingCertificateSchema>;

/** One of the trainee's supervisor records with a linked account, as the trainee sees it. */
export const SupervisorQualificationSchema = z.object({
  trainee_supervisor: z.number(),
  supervisor_name: z.string(),
  certified_on: z.string().nullable(),
  training_completed_on: z.string().nullable(),
  training_certificate: TrainingCertificateSchema.nullable(),
  consulting_supervisor_name: z.string(),
  consulting_supervisor_bacb_id: z.string(),
  /** The months the trainee logged with them that they did not qualify for, oldest first. */
  flags: z.array(QualificationFlagSchema),
});
export type SupervisorQualification = z.infer<typeof SupervisorQualificationSchema>;

/** GET /api/v1/supervisor-qualifications/ (trainee). */
export const SupervisorQualificationsAnswerSchema = z.object({
  results: z.array(SupervisorQualificationSchema),
});
