import '../../../app/styles/components.css';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Stack } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import {
  ACCOUNT_MESSAGES,
  EmailOnlyRequestSchema,
} from '../../../../shared/accounts/account.schema';
import { AuthCard } from '../../../components/auth-card';
import { FormErrorsAlert } from '../../../components/form-errors-alert';
import { PageHeader } from '../../../components/page-header';
import { applyServerErrors } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { useSendResetCode } from '../api/reset-password';
import { EmailInput } from './email-input';
import { parsePageRole } from './role';
import { isSuccessAnswer } from './success-answer';

type ForgotValues = z.input<typeof EmailOnlyRequestSchema>;

/** /forgot-password: mails a reset code, then on to /reset-password?email=… (SPEC §2). */
export function ForgotPasswordPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  // The login page passes its role on, so that the reset can end on the same login page.
  const role = parsePageRole(searchParams.get('role') ?? undefined);
  const sendCode = useSendResetCode();
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const form = useForm<ForgotValues, unknown, z.output<typeof EmailOnlyRequestSchema>>({
    resolver: zodResolver(EmailOnlyRequestSchema),
    defaultValues: { email: searchParams.get('email') ?? '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ email }) => {
    setFormErrors([]);
    try {
      const result = await sendCode.mutateAsync(email);
      if (!isSuccessAnswer(result.message, ACCOUNT_MESSAGES.resetSent, setFormErrors)) return;
      notifySuccess(result.message);
      const next = new URLSearchParams({ email });
      if (role) next.set('role', role);
      navigate(`/reset-password?${next.toString()}`);
    } catch (error) {
      setFormErrors(applyServerErrors(error, form.setError, ['email']));
    }
  });

  return (
    <AuthCard>
      <form onSubmit={onSubmit} noValidate aria-labelledby="forgot-title">
        <Stack gap="md">
          <PageHeader title="Forgot your password?" titleId="forgot-title">
            Enter the email you signed up with and we will send you a code to choose a new password.
          </PageHeader>
          <FormErrorsAlert messages={formErrors} />
          <EmailInput {...form.register('email')} error={errors.email?.message} />
          <Group grow>
            <Button component={Link} to="/" variant="default">
              Cancel
            </Button>
            <Button type="submit" loading={isSubmitting}>
              Reset Password
            </Button>
          </Group>
        </Stack>
      </form>
    </AuthCard>
  );
}
