import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Paper, PasswordInput, Stack } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import {
  ACCOUNT_MESSAGES,
  ChangePasswordRequestSchema,
  type ChangePasswordRequest,
} from '../../../../shared/accounts/account.schema';
import { FormErrorsAlert } from '../../../components/form-errors-alert';
import { PageHeader } from '../../../components/page-header';
import { applyServerErrors } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { useChangePassword } from '../api/change-password';
import { isSuccessAnswer } from './success-answer';

const FIELD_NAMES = ['old_password', 'new_password1', 'new_password2'] as const;

/** …/password-change-profile (both areas): current, new and confirmed password (SPEC §5). */
export function ChangePasswordPage() {
  const { user } = useSession();
  const changePassword = useChangePassword();
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const form = useForm<ChangePasswordRequest>({
    resolver: zodResolver(ChangePasswordRequestSchema),
    // Every change re-checks the form: Save stays disabled while anything is invalid.
    mode: 'all',
    defaultValues: { old_password: '', new_password1: '', new_password2: '' },
  });
  const { errors, isSubmitting, isValid } = form.formState;
  // The rules span fields ('Can not use same password', 'Passwords do not match'): after any
  // change, every field the person has typed in is checked again.
  const recheckTyped = () => {
    const typed = FIELD_NAMES.filter((name) => form.getFieldState(name).isDirty);
    if (typed.length > 0) void form.trigger(typed);
  };
  const profilePath = user?.is_supervisor
    ? '/supervisor/profile-screen'
    : '/student/profile-screen';

  const onSubmit = form.handleSubmit(async (values) => {
    setFormErrors([]);
    try {
      const result = await changePassword.mutateAsync(values);
      if (!isSuccessAnswer(result.message, ACCOUNT_MESSAGES.passwordChanged, setFormErrors)) return;
      notifySuccess(result.message);
      form.reset();
    } catch (error) {
      setFormErrors(applyServerErrors(error, form.setError, FIELD_NAMES));
    }
  });

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} maw={520}>
      <form onSubmit={onSubmit} noValidate aria-labelledby="change-password-title">
        <Stack gap="md">
          <PageHeader title="Change Password" titleId="change-password-title">
            Your other signed-in devices will be signed out.
          </PageHeader>
          <FormErrorsAlert messages={formErrors} />
          <PasswordInput
            label="Current Password"
            autoComplete="current-password"
            required
            {...form.register('old_password', { onChange: recheckTyped })}
            error={errors.old_password?.message}
          />
          <PasswordInput
            label="New Password"
            autoComplete="new-password"
            description="At least 8 characters, not a common password, different from the current one."
            required
            {...form.register('new_password1', { onChange: recheckTyped })}
            error={errors.new_password1?.message}
          />
          <PasswordInput
            label="Confirm New Password"
            autoComplete="new-password"
            required
            {...form.register('new_password2', { onChange: recheckTyped })}
            error={errors.new_password2?.message}
          />
          <Button type="submit" loading={isSubmitting} disabled={!isValid}>
            Save
          </Button>
          <Anchor component={Link} to={profilePath} size="sm" ta="center">
            Back to profile
          </Anchor>
        </Stack>
      </form>
    </Paper>
  );
}
