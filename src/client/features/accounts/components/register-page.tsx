import '../../../app/styles/components.css';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  PasswordInput,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconGift } from '@tabler/icons-react';
import { useState } from 'react';
import {
  useForm,
  type FieldValues,
  type Resolver,
  type ResolverResult,
  type ResolverSuccess,
} from 'react-hook-form';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import {
  SupervisorSignupFormSchema,
  TraineeSignupFormSchema,
  type SignupRequest,
  type SupervisorSignupForm,
} from '../../../../shared/accounts/account.schema';
import { AuthCard } from '../../../components/auth-card';
import { LegalDialogLink } from '../../../components/legal';
import {
  SUPERVISOR_CREDENTIAL_FIELDS,
  SupervisorCredentialFields,
} from '../../../components/supervisor-credential-fields';
import { FormErrorsAlert } from '../../../components/form-errors-alert';
import { PageHeader } from '../../../components/page-header';
import { applyServerErrors } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { useSignUp } from '../api/signup';
import { EmailInput } from './email-input';
import { LazyGoogleButton } from './lazy-google-button';
import { rememberPendingEmail } from './pending-verification';
import { parsePageRole, ROLE_TITLES, type PageRole } from './role';

type RegisterValues = Omit<SupervisorSignupForm, 'is_supervisor'>;

const FIELD_NAMES = [
  'name',
  'email',
  'password',
  'confirmPassword',
  'terms',
  ...SUPERVISOR_CREDENTIAL_FIELDS,
] as const satisfies readonly (keyof RegisterValues)[];

const traineeResolver = zodResolver(TraineeSignupFormSchema);
const supervisorResolver = zodResolver(SupervisorSignupFormSchema);

function isSuccess<V extends FieldValues, O>(
  result: ResolverResult<V, O>,
): result is ResolverSuccess<O> {
  return Object.keys(result.errors).length === 0;
}

/** Validates with the role's shared schema and hands on the sign-up payload (SPEC §3). */
function resolverFor(role: PageRole): Resolver<RegisterValues, unknown, SignupRequest> {
  return async (
    values,
    _context,
    options,
  ): Promise<ResolverResult<RegisterValues, SignupRequest>> => {
    const inner = {
      fields: options.fields,
      criteriaMode: options.criteriaMode,
      shouldUseNativeValidation: options.shouldUseNativeValidation,
    };
    if (role === 'supervisor') {
      const result = await supervisorResolver({ ...values, is_supervisor: true }, undefined, inner);
      if (!isSuccess(result)) return { values: {}, errors: result.errors };
      const { confirmPassword: _confirm, terms: _terms, ...body } = result.values;
      return { values: body, errors: {} };
    }
    const result = await traineeResolver({ ...values, is_supervisor: false }, undefined, inner);
    if (!isSuccess(result)) return { values: {}, errors: result.errors };
    const { name, email, password } = result.values;
    return { values: { name, email, password, is_supervisor: false }, errors: {} };
  };
}

/** /register/{role}: the sign-up form of SPEC §2 with the rules of §5. */
export function RegisterPage() {
  const role = parsePageRole(useParams().role);
  if (!role) return <Navigate to="/not-found" replace />;
  // A new key per role: switching between the two forms starts a fresh form.
  return <RegisterForm key={role} role={role} />;
}

function RegisterForm({ role }: { role: PageRole }) {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const invitedEmail = searchParams.get('email')?.trim() ?? '';
  const signUp = useSignUp();
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const isSupervisor = role === 'supervisor';

  const form = useForm<RegisterValues, unknown, SignupRequest>({
    resolver: resolverFor(role),
    // Checked on submit, then live as the person corrects (RHF's default). Checking on blur
    // would insert messages as the pointer presses Sign Up, move the button and lose the click.
    defaultValues: {
      name: '',
      email: invitedEmail,
      password: '',
      confirmPassword: '',
      terms: false,
      bacb_account_number: '',
      bacb_certification_number: '',
      supervisor_qualification: '',
      date_qualified: '',
      date_contract: '',
    },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (body) => {
    setFormErrors([]);
    try {
      const user = await signUp.mutateAsync(body);
      rememberPendingEmail(user.email);
      notifySuccess('Successfully registered');
      navigate('/verify-email');
    } catch (error) {
      setFormErrors(applyServerErrors(error, form.setError, FIELD_NAMES));
    }
  });

  return (
    <AuthCard width={isSupervisor ? 620 : 460}>
      <form onSubmit={onSubmit} noValidate aria-labelledby="register-title">
        <Stack gap="md">
          <PageHeader title={<>Create your {ROLE_TITLES[role]} account</>} titleId="register-title">
            {isSupervisor
              ? 'Review and sign off your trainees’ fieldwork logs. Free for supervisors.'
              : 'Log your supervised fieldwork hours and see whether each month counts.'}
          </PageHeader>
          {isSupervisor ? null : (
            <Alert
              color="brand"
              variant="light"
              icon={<IconGift aria-hidden />}
              title="7-day free trial"
            >
              Every feature is yours for 7 days. Next you choose a plan and add a card: nothing is
              charged until the trial ends, and you can cancel before it does.
            </Alert>
          )}
          <FormErrorsAlert messages={formErrors} title="Sign-up did not go through" />

          <TextInput
            label="Full Name"
            autoComplete="name"
            required
            {...form.register('name')}
            error={errors.name?.message}
          />
          <EmailInput
            readOnly={invitedEmail !== ''}
            description={
              invitedEmail !== '' ? 'This is the address you were invited with.' : undefined
            }
            {...form.register('email')}
            error={errors.email?.message}
          />

          {isSupervisor ? <SupervisorCredentialFields form={form} /> : null}

          <PasswordInput
            label="Password"
            autoComplete="new-password"
            description="At least 8 characters."
            required
            {...form.register('password')}
            error={errors.password?.message}
          />
          <PasswordInput
            label="Confirm Password"
            autoComplete="new-password"
            required
            {...form.register('confirmPassword')}
            error={errors.confirmPassword?.message}
          />
          <Checkbox
            {...form.register('terms')}
            label={
              <>
                I agree to the <LegalDialogLink kind="terms" /> and the{' '}
                <LegalDialogLink kind="privacy" />
              </>
            }
            error={errors.terms?.message}
          />
          <Button type="submit" loading={isSubmitting} fullWidth>
            Sign Up
          </Button>
          <LazyGoogleButton role={role} />
          <Text size="sm" ta="center">
            Already have an account?{' '}
            <Anchor component={Link} to={`/login/${role}`}>
              Sign In
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
