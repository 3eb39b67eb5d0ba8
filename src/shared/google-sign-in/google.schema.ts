import { z } from 'zod';
import { safeText } from '../wire/primitives';
import {
  EmailCodeSchema,
  NewPasswordSchema,
  PASSWORD_MAX_LENGTH,
  REQUIRED,
  UserSchema,
} from '../accounts/account.schema';

// Sign-in with Google or any OpenID Connect issuer (SPEC §2 landing `code`, §4, §7
// `/rest-auth/google/` and `/api/v1/attachuser/`): the authorisation-code flow with PKCE.

/** GET /api/v1/google/: whether the "Continue with Google" button is shown. */
export const GoogleConfigSchema = z.object({ enabled: z.boolean() });

/** POST /api/v1/google/start/: the role of the page the person starts from. */
export const GoogleStartRequestSchema = z.object({
  is_supervisor: z.boolean({ error: 'Must be true or false' }),
});
export const GoogleStartResponseSchema = z.object({
  authorization_url: z.string(),
  /** Kept by the browser, which checks that the issuer sends back the same one. */
  state: z.string(),
});

const issuerValue = (max: number) =>
  safeText({ error: REQUIRED })
    .min(1, { error: REQUIRED })
    .max(max, { error: `Must be at most ${max} characters` });

/** POST /rest-auth/google/: what the issuer sent back to the landing page. */
export const GoogleCallbackRequestSchema = z.object({
  code: issuerValue(2048),
  state: issuerValue(256),
  /** The issuer's identifier, when it sends one back (RFC 9207). */
  iss: issuerValue(512).optional(),
  /** The role of the page the sign-in started from (SPEC §7); must be the one it started with. */
  is_supervisor: z.boolean({ error: 'Must be true or false' }).optional(),
  authsource: safeText().max(40).optional(),
});

/** The account exists with a password: prove it once to link the issuer's account. */
export const GoogleLinkRequiredSchema = z.object({
  link_required: z.literal(true),
  email: z.string(),
  link_token: z.string(),
});

export const GoogleSignInResponseSchema = z.union([
  z.object({ key: z.string() }),
  // Email not verified: a code went to it. With `verify_token` (an unverified issuer email) the code
  // goes to /api/v1/google/verify/ to link; without, it only verifies (/users/email/verify-user/).
  z.object({
    unverifiedUser: z.literal(true),
    user: UserSchema,
    verify_token: z.string().optional(),
  }),
  GoogleLinkRequiredSchema,
]);
export type GoogleSignInResponse = z.infer<typeof GoogleSignInResponseSchema>;

/** POST /api/v1/google/verify/: the code mailed to an issuer email the issuer did not verify. */
export const GoogleVerifyRequestSchema = z.object({
  verify_token: issuerValue(128),
  code: EmailCodeSchema,
});

/** POST /api/v1/google/link/: the password of the account that has the issuer's email. */
export const GoogleLinkRequestSchema = z.object({
  link_token: issuerValue(128),
  password: safeText({ error: REQUIRED })
    .min(1, { error: REQUIRED })
    .max(PASSWORD_MAX_LENGTH, { error: `Must be at most ${PASSWORD_MAX_LENGTH} characters` }),
});

/** POST /api/v1/attachuser/: the session key of a sign-in, exchanged for the user. */
export const AttachUserRequestSchema = z.object({ token: issuerValue(128) });
export const AttachUserResponseSchema = z.object({ token: z.string(), user: UserSchema });

export const SignInMethodsSchema = z.object({
  password: z.boolean(),
  google: z.object({ email: z.string(), linked_at: z.string() }).nullable(),
  google_available: z.boolean(),
});
export type SignInMethods = z.infer<typeof SignInMethodsSchema>;

/** POST /api/v1/sign-in-methods/password/: a first password for an account that has none. */
export const SetPasswordRequestSchema = z
  .object({ new_password1: NewPasswordSchema, new_password2: safeText({ error: REQUIRED }) })
  .refine((form) => form.new_password1 === form.new_password2, {
    error: 'Passwords do not match',
    path: ['new_password2'],
  });
export type SetPasswordRequest = z.infer<typeof SetPasswordRequestSchema>;

export const GOOGLE_MESSAGES = {
  unavailable:
    'Google sign-in is not available right now. Please try again later, or sign in with your email and password.',
  expired: 'This Google sign-in has expired or was already used. Please try again.',
  refused: 'Google sign-in could not be verified. Please try again.',
  noEmail: 'Your Google account did not share an email address.',
  otherWay:
    'An account with this email already exists. Please sign in the way you signed in before.',
  linkedElsewhere: 'This Google account is already linked to another account.',
  lastWay: 'Set a password before you unlink Google: it is your only way to sign in.',
  hasPassword: 'Your account already has a password: change it instead.',
  passwordSet: 'Password set.',
  failed: 'Failed to login.',
} as const;
