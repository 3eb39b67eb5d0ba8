import { Anchor, Button, Center, Loader, PasswordInput, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { homePathFor } from '../../../../shared/accounts/account.schema';
import type { GoogleSignInResponse } from '../../../../shared/google-sign-in/google.schema';
import { AuthCard } from '../../../components/auth-card';
import { FormErrorsAlert } from '../../../components/form-errors-alert';
import { PageHeader } from '../../../components/page-header';
import { ApiError } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { attachUser, finishGoogleSignIn, linkGoogle } from '../api/google';
import { googleSignInRole, takeGoogleState } from './google-storage';
import { rememberGoogleVerification, rememberPendingEmail } from './pending-verification';

const FAILED = 'Failed to login.';
const messageOf = (error: unknown) =>
  error instanceof ApiError ? (error.messages[0] ?? FAILED) : FAILED;

type LinkRequest = { email: string; linkToken: string };

/**
 * The landing page back from Google (SPEC §2 `code`): 'Authenticating... Please wait.' while the
 * code is exchanged, then the person's area; or, when their email already has an account with a
 * password, that password once to link the two.
 */
export function GoogleReturn() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { signIn } = useSession();
  const role = googleSignInRole();
  const [link, setLink] = useState<LinkRequest | null>(null);
  const started = useRef(false);

  const fail = (message: string) => {
    notifyError(message);
    navigate(`/login/${role}`, { replace: true });
  };

  /** Carries on from an answer of the sign-in or of the link. */
  const onAnswer = async (answer: GoogleSignInResponse) => {
    if ('link_required' in answer) {
      setLink({ email: answer.email, linkToken: answer.link_token });
      return;
    }
    if ('unverifiedUser' in answer) {
      if (answer.verify_token) rememberGoogleVerification(answer.user.email, answer.verify_token);
      else rememberPendingEmail(answer.user.email);
      notifyError('Please verify your email: we sent you a new code.');
      navigate('/verify-email', { replace: true });
      return;
    }
    const { token, user } = await attachUser(answer.key);
    signIn(token, user);
    notifySuccess('Successfully logged in');
    navigate(homePathFor(user), { replace: true });
  };

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const code = params.get('code');
    const state = params.get('state');
    // Only a sign-in this browser started is finished here.
    if (!code || !takeGoogleState(state) || !state) {
      fail(FAILED);
      return;
    }
    const iss = params.get('iss') ?? undefined;
    finishGoogleSignIn({ code, state, iss, is_supervisor: role === 'supervisor' })
      .then(onAnswer)
      .catch((error: unknown) => fail(messageOf(error)));
    // Runs once, with the parameters the page was opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (link) return <LinkGoogleForm link={link} role={role} onAnswer={onAnswer} />;
  return (
    <Center mih="60vh">
      <Stack align="center" gap="sm" role="status">
        <Loader aria-hidden />
        <Text>Authenticating... Please wait.</Text>
      </Stack>
    </Center>
  );
}

/** The password of the account that already has the Google email, asked once to link them. */
function LinkGoogleForm({
  link,
  role,
  onAnswer,
}: {
  link: LinkRequest;
  role: string;
  onAnswer: (answer: GoogleSignInResponse) => Promise<void>;
}) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [isSubmitting, setIsSubmitting] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (password === '') {
      setError('⋆Required');
      return;
    }
    setError(undefined);
    setFormErrors([]);
    setIsSubmitting(true);
    try {
      await onAnswer(await linkGoogle({ link_token: link.linkToken, password }));
    } catch (failure) {
      setFormErrors([messageOf(failure)]);
    } finally {
      setIsSubmitting(false);
    }
  };

  return (
    <AuthCard>
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-labelledby="link-title">
        <Stack gap="md">
          <PageHeader title="Link your Google account" titleId="link-title">
            An account with <strong>{link.email}</strong> already exists. Enter its password once to
            link Google sign-in to it; after that you can sign in either way.
          </PageHeader>
          <FormErrorsAlert messages={formErrors} />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            value={password}
            error={error}
            onChange={(event) => setPassword(event.currentTarget.value)}
          />
          <Button type="submit" loading={isSubmitting} fullWidth>
            Link and sign in
          </Button>
          <Text size="sm" ta="center">
            <Anchor component={Link} to={`/login/${role}`}>
              Cancel
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
