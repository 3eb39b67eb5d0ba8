import '../../../app/styles/components.css';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import {
  ACCOUNT_MESSAGES,
  EmailOnlyRequestSchema,
  ResetPasswordFormSchema,
  type ResetPasswordForm,
} from '../../../../shared/accounts/account.schema';
import { AuthCard } from '../../../components/auth-card';
import { FormErrorsAlert } from '../../../components/form-errors-alert';
import { PageHeader } from '../../../components/page-header';
import { applyServerErrors } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { useResendResetCode, useResetPassword } from '../api/reset-password';
import { CodeSentNote } from './code-sent-note';
import { EmailInput } from './email-input';
import { parsePageRole } from './role';
import { isSuccessAnswer } from './success-answer';

const EmailFieldSchema = EmailOnlyRequestSchema.shape.email;

/**
 * /reset-password?email=…: a new password with the mailed code. The API does not say the
 * account's role, so the page ends on the login page the person came from (`?role=`, passed
 * on by the login and forgot-password pages) and on the trainee login page otherwise.
 */
export function ResetPasswordPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const role = parsePageRole(searchParams.get('role') ?? undefined) ?? 'student';
  const knownEmail = searchParams.get('email')?.trim() ?? '';
  const reset = useResetPassword();
  const resend = useResendResetCode();
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const form = useForm<ResetPasswordForm, unknown, z.output<typeof ResetPasswordFormSchema>>({
    resolver: zodResolver(ResetPasswordFormSchema),
    defaultValues: { email: knownEmail, password: '', confirmPassword: '', token: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const fieldNames = knownEmail
    ? (['password', 'confirmPassword', 'token'] as const)
    : (['email', 'password', 'confirmPassword', 'token'] as const);

  const onSubmit = form.handleSubmit(async ({ email, password, token }) => {
    setFormErrors([]);
    try {
      const result = await reset.mutateAsync({ email, password, token });
      if (!isSuccessAnswer(result.message, ACCOUNT_MESSAGES.resetDone, setFormErrors)) return;
      notifySuccess(result.message);
      navigate(`/login/${role}`, { replace: true });
    } catch (error) {
      setFormErrors(applyServerErrors(error, form.setError, fieldNames));
    }
  });

  const onResend = async () => {
    setFormErrors([]);
    const email = EmailFieldSchema.safeParse(form.getValues('email'));
    if (!email.success) {
      await form.trigger('email');
      return;
    }
    try {
      const result = await resend.mutateAsync(email.data);
      notifySuccess(result.message);
    } catch (error) {
      setFormErrors(applyServerErrors(error, form.setError, fieldNames));
    }
  };

  return (
    <AuthCard>
      <form onSubmit={onSubmit} noValidate aria-labelledby="reset-title">
        <Stack gap="md">
          <PageHeader title="Choose a new password" titleId="reset-title">
            {knownEmail ? (
              <CodeSentNote email={knownEmail} />
            ) : (
              'Enter your email, the 6-digit code from the reset email and your new password.'
            )}
          </PageHeader>
          <FormErrorsAlert messages={formErrors} />
          {knownEmail ? null : (
            <EmailInput {...form.register('email')} error={errors.email?.message} />
          )}
          <PasswordInput
            label="New Password"
            autoComplete="new-password"
            description="At least 8 characters."
            required
            {...form.register('password')}
            error={errors.password?.message}
          />
          <PasswordInput
            label="Confirm New Password"
            autoComplete="new-password"
            required
            {...form.register('confirmPassword')}
            error={errors.confirmPassword?.message}
          />
          <TextInput
            label="Email Token"
            inputMode="numeric"
            autoComplete="one-time-code"
            required
            {...form.register('token')}
            error={errors.token?.message}
          />
          <Button type="submit" loading={isSubmitting} fullWidth>
            Submit
          </Button>
          <Group justify="center">
            <Button variant="subtle" loading={resend.isPending} onClick={() => void onResend()}>
              Resend code
            </Button>
          </Group>
        </Stack>
      </form>
    </AuthCard>
  );
}
