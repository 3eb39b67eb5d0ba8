import { Badge, Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { IconBrandGoogle, IconKey } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { SetPasswordRequestSchema } from '../../../../shared/google-sign-in/google.schema';
import { fieldErrorsOf } from '../../../../shared/errors';
import { ApiError } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSetPassword, useSignInMethods, useUnlinkGoogle } from '../api/sign-in-methods';
import { ROW_STYLE, SectionList, SecuritySection } from './security-section';

const failed = (error: unknown, fallback: string) =>
  notifyError(error instanceof ApiError ? (error.messages[0] ?? fallback) : fallback);

/**
 * "Sign-in methods" on the profile: the password (set a first one when the account was made with
 * Google) and the linked Google account, with Unlink unless it is the only way in.
 */
export function SignInMethodsSection() {
  const methods = useSignInMethods();
  const unlink = useUnlinkGoogle();
  const data = methods.data;
  const showGoogle = data ? data.google !== null || data.google_available : false;

  const onUnlink = async () => {
    try {
      await unlink.mutateAsync();
      notifySuccess('Google sign-in unlinked');
    } catch (error) {
      failed(error, 'Failed to unlink Google!');
    }
  };

  return (
    <SecuritySection
      title="Sign-in methods"
      description="The ways you can sign in to your account."
      query={methods}
      loadingLabel="Loading your sign-in methods"
      isEmpty={false}
      emptyText=""
    >
      <SectionList>
        <Group component="li" justify="space-between" gap="sm" py="xs" style={ROW_STYLE}>
          <Group gap="xs" wrap="nowrap">
            <IconKey size={18} aria-hidden />
            <Text size="sm" fw={500}>
              Password
            </Text>
          </Group>
          {data?.password ? (
            <Badge size="sm" variant="dot" color="teal.7" c="dark.8">
              Set
            </Badge>
          ) : (
            <Badge size="sm" variant="dot" color="gray.6" c="dark.8">
              Not set
            </Badge>
          )}
        </Group>
        {data && !data.password ? <SetPasswordForm /> : null}
        {showGoogle ? (
          <Group component="li" justify="space-between" gap="sm" py="xs" style={ROW_STYLE}>
            <Group gap="xs" wrap="nowrap">
              <IconBrandGoogle size={18} aria-hidden />
              <Stack gap={0}>
                <Text size="sm" fw={500}>
                  Google
                </Text>
                <Text size="xs" c="dimmed">
                  {data?.google ? `Linked to ${data.google.email}` : 'Not linked'}
                </Text>
              </Stack>
            </Group>
            {data?.google ? (
              <Button
                size="xs"
                variant="light"
                color="red"
                disabled={!data.password}
                loading={unlink.isPending}
                onClick={() => void onUnlink()}
              >
                Unlink Google
              </Button>
            ) : null}
          </Group>
        ) : null}
        {data?.google && !data.password ? (
          <Text component="li" size="xs" c="dimmed" pb="xs">
            Set a password before you unlink Google: it is your only way to sign in.
          </Text>
        ) : null}
      </SectionList>
    </SecuritySection>
  );
}

type PasswordFields = { new_password1: string; new_password2: string };

/** A first password for an account made with Google. */
function SetPasswordForm() {
  const setPassword = useSetPassword();
  const [values, setValues] = useState<PasswordFields>({ new_password1: '', new_password2: '' });
  const [errors, setErrors] = useState<Record<string, string[]>>({});

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = SetPasswordRequestSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error));
      return;
    }
    setErrors({});
    try {
      await setPassword.mutateAsync(parsed.data);
      notifySuccess('Password set');
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0)
        setErrors(error.fields);
      else failed(error, 'Failed to set the password!');
    }
  };
  const field = (name: keyof PasswordFields) => ({
    name,
    value: values[name],
    error: errors[name]?.[0],
    autoComplete: 'new-password',
    onChange: (event: { currentTarget: HTMLInputElement }) =>
      setValues({ ...values, [name]: event.currentTarget.value }),
  });

  return (
    <li style={{ listStyle: 'none' }}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Set a password">
        <Stack gap="xs" pb="sm">
          <Text size="sm" c="dimmed">
            Your account was made with Google. Set a password to sign in with your email too.
          </Text>
          <PasswordInput label="New Password" {...field('new_password1')} />
          <PasswordInput label="Confirm New Password" {...field('new_password2')} />
          <Group>
            <Button type="submit" size="xs" loading={setPassword.isPending}>
              Set password
            </Button>
          </Group>
        </Stack>
      </form>
    </li>
  );
}
