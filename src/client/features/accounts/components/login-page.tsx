import { Anchor, Button, Checkbox, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import {
  homePathFor,
  LoginRequestSchema,
  type LoginRequest,
} from '../../../../shared/accounts/account.schema';
import { AuthCard } from '../../../components/auth-card';
import type { ExpiredAccess } from '../../../components/expired-access';
import { FormErrorsAlert } from '../../../components/form-errors-alert';
import { PageHeader } from '../../../components/page-header';
import { ApiError } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { isSessionEnded } from '../../../lib/session-ended';
import { logIn } from '../api/login';
import { EmailInput } from './email-input';
import { LazyGoogleButton } from './lazy-google-button';
import { rememberPendingEmail } from './pending-verification';
import { SessionEndedNotice } from './session-ended';
import { parsePageRole, ROLE_TITLES } from './role';

// Shown only to a trainee whose access has run out, after signing in: not part of the page's
// first download.
const ExpiredDialog = lazy(() =>
  import('../../../components/expired-dialog').then((m) => ({ default: m.ExpiredDialog })),
);

type LoginFields = Pick<LoginRequest, 'username' | 'password'>;
type LoginErrors = Partial<Record<keyof LoginFields, string>>;
const FIELDS = ['username', 'password'] as const;

/** The first message of each field the schema refuses, as the other forms' resolver gives it. */
function validate(values: LoginFields): LoginErrors {
  const result = LoginRequestSchema.safeParse(values);
  const errors: LoginErrors = {};
  for (const issue of result.error?.issues ?? []) {
    const field = FIELDS.find((name) => name === issue.path[0]);
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/**
 * /login/{role}: email and password; the account's role must match the page's (SPEC §6). A
 * trainee whose trial or subscription has run out gets the expired dialog instead of the area
 * (SPEC §4); `expiredAccessAfterLogin` reads that standing (billing's, composed in app/pages).
 */
export function LoginPage({
  expiredAccessAfterLogin,
}: {
  expiredAccessAfterLogin?: () => Promise<ExpiredAccess | null>;
}) {
  const role = parsePageRole(useParams().role);
  const navigate = useNavigate();
  const wasSignedOut = isSessionEnded(useLocation().state);
  const { signIn } = useSession();
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [expired, setExpired] = useState<ExpiredAccess | null>(null);
  // Two fields checked by the contract's schema, kept in state rather than through a form
  // library: the sign-in page is the first download of most visits (issue 11's 150 KB).
  const [values, setValues] = useState<LoginFields>({ username: '', password: '' });
  const [errors, setErrors] = useState<LoginErrors>({});
  const [isSubmitted, setIsSubmitted] = useState(false);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const inputs = {
    username: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
  };

  // What was typed into the prerendered form before the script took it over (decision 015,
  // fifth pass) is kept, not replaced by the empty state.
  useEffect(() => {
    const typed = {
      username: inputs.username.current?.value ?? '',
      password: inputs.password.current?.value ?? '',
    };
    if (typed.username || typed.password) setValues(typed);
    // Once, when the page is taken over.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (!role) return <Navigate to="/not-found" replace />;

  /** A field's props; once the form was submitted, its messages follow each keystroke. */
  const field = (name: keyof LoginFields) => ({
    name,
    ref: inputs[name],
    value: values[name],
    error: errors[name],
    onChange: (event: { currentTarget: HTMLInputElement }) => {
      const next = { ...values, [name]: event.currentTarget.value };
      setValues(next);
      if (isSubmitted) setErrors(validate(next));
    },
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setIsSubmitted(true);
    const refused = validate(values);
    setErrors(refused);
    const firstRefused = FIELDS.find((name) => refused[name]);
    if (firstRefused) {
      inputs[firstRefused].current?.focus();
      return;
    }
    setFormErrors([]);
    setIsSubmitting(true);
    try {
      const result = await logIn({ ...values, is_supervisor: role === 'supervisor' });
      if ('unverifiedUser' in result) {
        rememberPendingEmail(result.user.email);
        notifyError('Please verify your email: we sent you a new code.');
        navigate('/verify-email');
        return;
      }
      signIn(result.token, result.user);
      if (!result.user.is_supervisor && expiredAccessAfterLogin) {
        const access = await expiredAccessAfterLogin();
        if (access) {
          setExpired(access);
          return;
        }
      }
      notifySuccess('Successfully logged in');
      navigate(homePathFor(result.user), { replace: true });
    } catch (error) {
      const message = error instanceof ApiError ? error.messages[0] : undefined;
      setFormErrors([message ?? 'Failed to login.']);
      notifyError(message ?? 'Failed to login.');
    } finally {
      setIsSubmitting(false);
    }
  };

  return (
    <AuthCard>
      {/* The page comes drawn in the HTML (decision 015): before its script takes over,
          the browser's own submit must do nothing (a form outside a dialog with method "dialog"
          is not sent), never put the password in the address. */}
      <form
        method="dialog"
        onSubmit={(event) => void onSubmit(event)}
        noValidate
        aria-labelledby="login-title"
      >
        <Stack gap="md">
          <PageHeader title={<>Welcome back, {ROLE_TITLES[role]}</>} titleId="login-title">
            Sign in to your Fieldwork Tracker account.
          </PageHeader>
          {wasSignedOut && formErrors.length === 0 ? <SessionEndedNotice /> : null}
          <FormErrorsAlert messages={formErrors} />
          <EmailInput {...field('username')} />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            {...field('password')}
          />
          <Group justify="space-between">
            <Checkbox label="Remember me" defaultChecked />
            <Anchor component={Link} to={`/forgot-password?role=${role}`} size="sm">
              Forgot Password?
            </Anchor>
          </Group>
          <Button type="submit" loading={isSubmitting} fullWidth>
            Sign In
          </Button>
          <LazyGoogleButton role={role} />
          <Text size="sm" ta="center">
            Don&apos;t have an account?{' '}
            <Anchor component={Link} to={`/register/${role}`}>
              Sign Up
            </Anchor>
          </Text>
        </Stack>
      </form>
      {expired ? (
        <Suspense fallback={null}>
          <ExpiredDialog access={expired} />
        </Suspense>
      ) : null}
    </AuthCard>
  );
}
