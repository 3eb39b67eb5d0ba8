import '../../../app/styles/components.css';
import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import {
  ACCOUNT_MESSAGES,
  homePathFor,
  VerifyEmailRequestSchema,
} from '../../../../shared/accounts/account.schema';
import { AuthCard } from '../../../components/auth-card';
import { FormErrorsAlert } from '../../../components/form-errors-alert';
import { PageHeader } from '../../../components/page-header';
import { applyServerErrors } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { useResendEmail } from '../api/resend-email';
import { useVerifyEmail } from '../api/verify-email';
import { CodeSentNote } from './code-sent-note';
import { EmailInput } from './email-input';
import { attachUser, verifyGoogleEmail } from '../api/google';
import {
  forgetPendingEmail,
  googleVerificationFor,
  pendingEmail,
  rememberPendingEmail,
} from './pending-verification';
import { isSuccessAnswer } from './success-answer';

type VerifyValues = z.input<typeof VerifyEmailRequestSchema>;
const EmailFieldSchema = VerifyEmailRequestSchema.shape.email;

/**
 * /verify-email: the code from the mail activates the account and signs the person in. The
 * address comes from sign-up or login, or from the mail's link (`?email=`); without either,
 * the page asks for it.
 */
export function VerifyEmailPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const { signIn } = useSession();
  const verify = useVerifyEmail();
  const resend = useResendEmail();
  const [knownEmail, setKnownEmail] = useState<string | null>(
    () => searchParams.get('email')?.trim() || pendingEmail(),
  );
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const form = useForm<VerifyValues, unknown, z.output<typeof VerifyEmailRequestSchema>>({
    resolver: zodResolver(VerifyEmailRequestSchema),
    defaultValues: { email: knownEmail ?? '', token: '' },
  });
  const { errors, isSubmitting } = form.formState;
  // When the address is not on screen its messages go to the form's alert instead.
  const fieldNames = knownEmail ? (['token'] as const) : (['email', 'token'] as const);

  const onSubmit = form.handleSubmit(async (values) => {
    setFormErrors([]);
    try {
      const googleToken = googleVerificationFor(values.email);
      if (googleToken) {
        // A Google sign-in waits for this code: it verifies the account and links Google.
        const answer = await verifyGoogleEmail({ verify_token: googleToken, code: values.token });
        if (!('key' in answer)) throw new Error('Unexpected answer');
        const { token, user } = await attachUser(answer.key);
        forgetPendingEmail();
        signIn(token, user);
        notifySuccess(ACCOUNT_MESSAGES.activated);
        navigate(user.is_supervisor ? homePathFor(user) : '/subscription', { replace: true });
        return;
      }
      const result = await verify.mutateAsync(values);
      if (!isSuccessAnswer(result.message, ACCOUNT_MESSAGES.activated, setFormErrors)) return;
      forgetPendingEmail();
      signIn(result.token, result.user);
      notifySuccess(result.message);
      // SPEC §2: a supervisor goes to their area, anyone else to choose a subscription.
      navigate(result.user.is_supervisor ? homePathFor(result.user) : '/subscription', {
        replace: true,
      });
    } catch (error) {
      setFormErrors(applyServerErrors(error, form.setError, fieldNames));
    }
  });

  const onResend = async () => {
    setFormErrors([]);
    const email = EmailFieldSchema.safeParse(form.getValues('email'));
    if (!email.success) {
      setKnownEmail(null);
      await form.trigger('email');
      return;
    }
    try {
      const result = await resend.mutateAsync(email.data);
      rememberPendingEmail(email.data);
      notifySuccess(result.message);
    } catch (error) {
      setFormErrors(applyServerErrors(error, form.setError, fieldNames));
    }
  };

  const askForEmail = () => {
    setKnownEmail(null);
    form.setValue('email', '');
    forgetPendingEmail();
  };

  return (
    <AuthCard>
      <form onSubmit={onSubmit} noValidate aria-labelledby="verify-title">
        <Stack gap="md">
          <PageHeader title="Verify your email" titleId="verify-title">
            {knownEmail ? (
              <>
                <CodeSentNote email={knownEmail} />{' '}
                <Anchor component="button" type="button" size="sm" onClick={askForEmail}>
                  Use another email
                </Anchor>
              </>
            ) : (
              'Enter your email and the 6-digit code from the verification email.'
            )}
          </PageHeader>
          <FormErrorsAlert messages={formErrors} />
          {knownEmail ? null : (
            <EmailInput {...form.register('email')} error={errors.email?.message} />
          )}
          <TextInput
            label="Verification Token"
            inputMode="numeric"
            autoComplete="one-time-code"
            required
            {...form.register('token')}
            error={errors.token?.message}
          />
          <Button type="submit" loading={isSubmitting} fullWidth>
            Verify
          </Button>
          <Group justify="center">
            <Button variant="subtle" loading={resend.isPending} onClick={() => void onResend()}>
              Resend Verification Code
            </Button>
          </Group>
        </Stack>
      </form>
    </AuthCard>
  );
}
