import { Anchor, Button, Checkbox, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { lazy, Suspense, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
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
import { useLogIn } from '../api/login';
import { EmailInput } from './email-input';
import { rememberPendingEmail } from './pending-verification';
import { parsePageRole, ROLE_TITLES } from './role';

// Shown only to a trainee whose access has run out, after signing in: not part of the page's
// first download.
const ExpiredDialog = lazy(() =>
  import('../../../components/expired-dialog').then((m) => ({ default: m.ExpiredDialog })),
);

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
  const { signIn } = useSession();
  const login = useLogIn();
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [expired, setExpired] = useState<ExpiredAccess | null>(null);
  const form = useForm<LoginRequest>({
    resolver: zodResolver(LoginRequestSchema),
    defaultValues: { username: '', password: '' },
  });

  if (!role) return <Navigate to="/not-found" replace />;
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormErrors([]);
    try {
      const result = await login.mutateAsync({ ...values, is_supervisor: role === 'supervisor' });
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
    }
  });

  return (
    <AuthCard>
      <form onSubmit={onSubmit} noValidate aria-labelledby="login-title">
        <Stack gap="md">
          <PageHeader title={<>Welcome back, {ROLE_TITLES[role]}</>} titleId="login-title">
            Sign in to your Fieldwork Tracker account.
          </PageHeader>
          <FormErrorsAlert messages={formErrors} />
          <EmailInput {...form.register('username')} error={errors.username?.message} />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            {...form.register('password')}
            error={errors.password?.message}
          />
          <Group justify="space-between">
            <Checkbox label="Remember me" defaultChecked />
            <Anchor component={Link} to={`/forgot-password?role=${role}`} size="sm">
              Forgot Password?
            </Anchor>
          </Group>
          <Button type="submit" loading={form.formState.isSubmitting} fullWidth>
            Sign In
          </Button>
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
