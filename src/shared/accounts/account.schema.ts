import { z } from 'zod';
import { isValidDate } from '../logs/time';
import { canonicalTimeZone, TIME_ZONE_MAX_LENGTH } from '../logs/time-zone';
import {
  EmailSchema,
  REQUIRED,
  PersonNameSchema,
  requiredText,
  safeText,
} from '../wire/primitives';
import {
  BACB_ID_PATTERN,
  SupervisorQualificationViewSchema,
  TraineeStartViewSchema,
} from './qualification-profile.schema';

// Wire primitives, also named here for the account forms that import them from this file.
export { EmailSchema, REQUIRED, requiredText };

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_TOO_SHORT = 'Password must be 8 characters long';
export const PASSWORD_MAX_LENGTH = 256;
const PASSWORD_TOO_LONG = `Password must be at most ${PASSWORD_MAX_LENGTH} characters`;
export const INVALID_NUMBER = 'Not a valid number';

/** A new password (sign-up, reset, change). Never trimmed: spaces are characters. */
export const NewPasswordSchema = safeText({ error: REQUIRED })
  .min(1, { error: REQUIRED, abort: true })
  .min(PASSWORD_MIN_LENGTH, { error: PASSWORD_TOO_SHORT })
  .max(PASSWORD_MAX_LENGTH, { error: PASSWORD_TOO_LONG });

export const CalendarDateSchema = requiredText(10).refine(isValidDate, {
  error: '⋆Invalid date',
});

const BACB_ACCOUNT_PATTERN = /^BACB\d{6}$/;
const BACB_CERTIFICATION_PATTERN = /^\d-\d{2}-\d{5}$/;

/** The supervisor's BACB credentials (sign-up and profile edit share them). */
export const SupervisorCredentialsSchema = z.object({
  bacb_account_number: requiredText(20)
    .toUpperCase()
    .regex(BACB_ACCOUNT_PATTERN, { error: INVALID_NUMBER }),
  bacb_certification_number: requiredText(20).regex(BACB_CERTIFICATION_PATTERN, {
    error: INVALID_NUMBER,
  }),
  supervisor_qualification: requiredText(200).refine((value) => !/^\d+$/.test(value), {
    error: 'Supervisor Qualification can not be numbers',
  }),
  date_qualified: CalendarDateSchema,
  date_contract: CalendarDateSchema,
});

export const UNKNOWN_TIME_ZONE = 'Unknown time zone';

/** An IANA zone, kept under the name this runtime knows it by; offsets and unknown names refused. */
export const TimeZoneSchema = requiredText(TIME_ZONE_MAX_LENGTH).transform((value, ctx) => {
  const name = canonicalTimeZone(value);
  if (name === null) {
    ctx.issues.push({ code: 'custom', message: UNKNOWN_TIME_ZONE, input: value });
    return z.NEVER;
  }
  return name;
});

/** PUT /api/v1/time-zone/: the signed-in person's zone (their browser's, or one they chose). */
export const TimeZoneRequestSchema = z.object({ time_zone: TimeZoneSchema });

/** Trainee sign-up; `time_zone` optional (the contract's client omits it: reported at sign-in). */
export const TraineeSignupRequestSchema = z.object({
  name: PersonNameSchema,
  email: EmailSchema,
  password: NewPasswordSchema,
  is_supervisor: z.literal(false).optional().default(false),
  time_zone: TimeZoneSchema.optional(),
});

export const SupervisorSignupRequestSchema = TraineeSignupRequestSchema.extend({
  is_supervisor: z.literal(true),
}).extend(SupervisorCredentialsSchema.shape);

/** Sign-up's body; without is_supervisor it is a trainee's, so missing fields are reported each. */
export const SignupRequestSchema = z.discriminatedUnion(
  'is_supervisor',
  [SupervisorSignupRequestSchema, TraineeSignupRequestSchema],
  { error: 'Must be true or false' },
);
export type SignupRequest = z.infer<typeof SignupRequestSchema>;

const TERMS_NOT_ACCEPTED = 'Please agree to our terms and conditions';
/** Compares two fields once both hold text, before the rest is valid: the message shows while typing. */
const whenFilled =
  (...fields: string[]) =>
  (payload: { value: unknown }): boolean => {
    const value = payload.value;
    if (typeof value !== 'object' || value === null) return false;
    return fields.every((field) => {
      const entry: unknown = Reflect.get(value, field);
      return typeof entry === 'string' && entry !== '';
    });
  };

const termsAccepted = z
  .boolean({ error: TERMS_NOT_ACCEPTED })
  .refine((value) => value, { error: TERMS_NOT_ACCEPTED });
// Aborting on empty keeps the mismatch message away from a field that is simply missing.
// No abort: the comparisons below run only once both fields hold text (`whenFilled`).
const confirmPassword = safeText({ error: REQUIRED }).min(1, { error: REQUIRED });

export const TraineeSignupFormSchema = TraineeSignupRequestSchema.extend({
  confirmPassword,
  terms: termsAccepted,
}).refine((form) => form.password === form.confirmPassword, {
  error: 'Passwords not matched',
  path: ['confirmPassword'],
  when: whenFilled('password', 'confirmPassword'),
});
export const SupervisorSignupFormSchema = SupervisorSignupRequestSchema.extend({
  confirmPassword,
  terms: termsAccepted,
}).refine((form) => form.password === form.confirmPassword, {
  error: 'Passwords not matched',
  path: ['confirmPassword'],
  when: whenFilled('password', 'confirmPassword'),
});
export type SupervisorSignupForm = z.input<typeof SupervisorSignupFormSchema>;

/** POST /api/v1/login/: `username` is the email. `is_supervisor` names the login page's role. */
export const LoginRequestSchema = z.object({
  username: EmailSchema,
  password: safeText({ error: REQUIRED })
    .min(1, { error: REQUIRED, abort: true })
    .min(PASSWORD_MIN_LENGTH, { error: PASSWORD_TOO_SHORT })
    .max(PASSWORD_MAX_LENGTH, { error: PASSWORD_TOO_LONG }),
  is_supervisor: z.boolean({ error: 'Must be true or false' }).optional(),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

/** A 6-digit code from an email (verification or reset). */
export const EmailCodeSchema = requiredText(12).regex(/^\d{6}$/, {
  error: 'Enter the 6-digit code from the email',
});

export const VerifyEmailRequestSchema = z.object({ email: EmailSchema, token: EmailCodeSchema });
/** POST /api/v1/resendemail/, /users/reset-password/send/ and /resend/. */
export const EmailOnlyRequestSchema = z.object({ email: EmailSchema });

export const ResetPasswordRequestSchema = z.object({
  email: EmailSchema,
  password: NewPasswordSchema,
  token: EmailCodeSchema,
});
export const ResetPasswordFormSchema = ResetPasswordRequestSchema.extend({
  confirmPassword: confirmPassword,
}).refine((form) => form.password === form.confirmPassword, {
  error: 'Passwords do not match',
  path: ['confirmPassword'],
  when: whenFilled('password', 'confirmPassword'),
});
export type ResetPasswordForm = z.input<typeof ResetPasswordFormSchema>;

export const ChangePasswordRequestSchema = z
  .object({
    old_password: safeText({ error: REQUIRED })
      .min(1, { error: REQUIRED })
      .max(PASSWORD_MAX_LENGTH, { error: PASSWORD_TOO_LONG }),
    new_password1: NewPasswordSchema,
    new_password2: confirmPassword,
  })
  .refine((form) => form.new_password1 === form.new_password2, {
    error: 'Passwords do not match',
    path: ['new_password2'],
    when: whenFilled('new_password1', 'new_password2'),
  })
  .refine((form) => form.old_password === '' || form.new_password1 !== form.old_password, {
    error: 'Can not use same password',
    path: ['new_password1'],
    when: whenFilled('old_password', 'new_password1'),
  });
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequestSchema>;

/** Optional profile text: trimmed, '' clears it. */
const profileText = (max: number) =>
  safeText()
    .trim()
    .max(max, { error: `Must be at most ${max} characters` });

/** What the forms need about a trainee (issue 10): required before a form is filled, not before. */
export const TraineeProfileFieldsSchema = z.object({
  bacb_id: profileText(20)
    .toUpperCase()
    .refine((value) => value === '' || BACB_ID_PATTERN.test(value), {
      error: INVALID_NUMBER,
    }),
  fieldwork_state: profileText(100),
  fieldwork_country: profileText(100),
});
export type TraineeProfileFields = z.infer<typeof TraineeProfileFieldsSchema>;

/** PUT /users/profile/{id}/: email read-only; a trainee may send form fields (unsent stay). */
export const ProfileUpdateRequestSchema = z.object({
  name: PersonNameSchema,
  email: EmailSchema.optional(),
  ...TraineeProfileFieldsSchema.partial().shape,
});

/** An ID number on the profile edit form, which says so when it is typed negative (SPEC §5). */
const editedIdNumber = (pattern: RegExp) =>
  requiredText(20)
    .toUpperCase()
    .refine((value) => !value.startsWith('-'), {
      error: 'ID Number cannot be negative',
      abort: true,
    })
    .regex(pattern, { error: INVALID_NUMBER });

export const SupervisorProfileUpdateRequestSchema = SupervisorCredentialsSchema.extend({
  bacb_account_number: editedIdNumber(BACB_ACCOUNT_PATTERN),
  bacb_certification_number: editedIdNumber(BACB_CERTIFICATION_PATTERN),
});

export const SupervisorProfileSchema = z.object({
  bacb_account_number: z.string(),
  bacb_certification_number: z.string(),
  supervisor_qualification: z.string(),
  date_qualified: z.string().nullable(),
  date_contract: z.string().nullable(),
  removed_user: z.array(z.number()),
  ...SupervisorQualificationViewSchema.shape,
});

/** A user as login and the profile endpoint return it (SPEC §3). */
export const UserSchema = z.object({
  id: z.number(),
  email: z.string(),
  name: z.string(),
  is_supervisor: z.boolean(),
  is_paid: z.boolean(),
  date_joined: z.string(),
  profile_pic: z.string().nullable(),
  rule_set: z.enum(['2022', '2027']).nullable(),
  /** IANA zone; null until the browser reports one (counted in UTC), as for a user from before. */
  time_zone: z.string().nullable().default(null),
  /** A trainee who has logged hours: the welcome is for a first visit on any browser. */
  has_logs: z.boolean().default(false),
  supervisor: SupervisorProfileSchema.nullable(),
  /** A trainee's form fields (null for a supervisor). */
  trainee: z
    .object({
      bacb_id: z.string(),
      fieldwork_state: z.string(),
      fieldwork_country: z.string(),
      ...TraineeStartViewSchema.shape,
    })
    .nullable(),
});
export type User = z.infer<typeof UserSchema>;

/** A supervisor's profile is complete when the three credentials are non-blank (SPEC §2). */
export function isSupervisorProfileComplete(user: User): boolean {
  const profile = user.supervisor;
  if (!profile) return false;
  return [
    profile.bacb_account_number,
    profile.bacb_certification_number,
    profile.supervisor_qualification,
  ].every((value) => value.trim() !== '');
}

/** Where a signed-in person lands (SPEC §2 landing, §6). */
export function homePathFor(user: User): string {
  if (!user.is_supervisor) return '/student/logHour';
  return isSupervisorProfileComplete(user) ? '/supervisor/signlogs' : '/supervisor/profile-screen';
}

/** Messages of the API contract, verbatim (spelling included). */
export const ACCOUNT_MESSAGES = {
  activated: 'Succesfully User activated',
  resetSent: 'Succesfully Token sent.',
  resetDone: 'Succesfully resetted user password.',
  passwordChanged: 'Successfully Password changed.',
  verificationSent: 'Verification code sent.',
  loggedOut: 'Successfully logged out.',
  badCredentials: 'Unable to log in with provided credentials.',
  wrongRoleSupervisor: "Invalid supervisor's credentials",
  wrongRoleStudent: "Invalid student's credentials",
  badCode: 'Invalid or expired code',
} as const;
