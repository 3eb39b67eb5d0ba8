import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Anchor,
  Avatar,
  Box,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import {
  isSupervisorProfileComplete,
  ProfileUpdateRequestSchema,
  SupervisorCredentialsSchema,
  type User,
} from '../../../../shared/accounts/account.schema';
import { ErrorState, LoadingState } from '../../../components/page-state';
import {
  SUPERVISOR_CREDENTIAL_FIELDS,
  SupervisorCredentialFields,
} from '../../../components/supervisor-credential-fields';
import { FormErrorsAlert } from '../../../components/form-errors-alert';
import { applyServerErrors } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { useProfile } from '../api/get-profile';
import { useUpdateProfile } from '../api/update-profile';
import { useUpdateSupervisorProfile } from '../api/update-supervisor-profile';
import { ConsultationsSection } from './consultations-section';
import { SupervisorQualificationSection } from './supervisor-qualification-section';

/** The edit form: the name (PUT /users/profile/{id}/) and the credentials (PUT /users/supervisor/{id}/). */
const SupervisorProfileFormSchema = SupervisorCredentialsSchema.extend({
  name: ProfileUpdateRequestSchema.shape.name,
});
type SupervisorProfileForm = z.input<typeof SupervisorProfileFormSchema>;

const FIELD_NAMES = ['name', ...SUPERVISOR_CREDENTIAL_FIELDS] as const;

const LINKS = [
  { label: 'Change Password', to: '/supervisor/password-change-profile' },
  { label: 'Terms and Conditions', to: '/supervisor/terms-condition' },
  { label: 'Privacy Policy', to: '/supervisor/privacy' },
] as const;

/** Renders the profile picture in place of the plain avatar (given by the page). */
type PictureSlot = (user: User) => ReactNode;

/**
 * /supervisor/profile-screen: the profile with Edit; an incomplete profile opens in edit.
 * `picture` replaces the plain avatar (the page gives the files feature's picture upload).
 */
export function SupervisorProfilePage({ picture }: { picture?: PictureSlot }) {
  const profile = useProfile();

  return (
    <Stack gap="md" maw={760}>
      <Title order={1} size="h2">
        Profile
      </Title>
      {profile.isPending ? <LoadingState rows={8} label="Loading your profile" /> : null}
      {profile.isError ? (
        <ErrorState error={profile.error} onRetry={() => void profile.refetch()} />
      ) : null}
      {profile.isSuccess ? (
        <>
          <SupervisorProfile key={profile.data.id} user={profile.data} picture={picture} />
          {/* Issue 39 part 3: what "Supervisor Qualifications" asks, once the profile is saved. */}
          {isSupervisorProfileComplete(profile.data) ? (
            <>
              <SupervisorQualificationSection user={profile.data} />
              <ConsultationsSection user={profile.data} />
            </>
          ) : null}
        </>
      ) : null}
    </Stack>
  );
}

function SupervisorProfile({ user, picture }: { user: User; picture: PictureSlot | undefined }) {
  const [isEditing, setIsEditing] = useState(() => !isSupervisorProfileComplete(user));
  return isEditing ? (
    <SupervisorProfileEditor user={user} onDone={() => setIsEditing(false)} />
  ) : (
    <SupervisorProfileView user={user} picture={picture} onEdit={() => setIsEditing(true)} />
  );
}

function formatDate(value: string | null | undefined): string {
  return value ? dayjs(value).format('MMMM D, YYYY') : 'Not set';
}

function SupervisorProfileView({
  user,
  picture,
  onEdit,
}: {
  user: User;
  picture: PictureSlot | undefined;
  onEdit: () => void;
}) {
  const credentials = user.supervisor;
  const rows = [
    ['Email', user.email],
    ['BACB Account ID Number', credentials?.bacb_account_number || 'Not set'],
    ['BACB Certification ID Number', credentials?.bacb_certification_number || 'Not set'],
    ['Supervisor Qualification', credentials?.supervisor_qualification || 'Not set'],
    ['Date Qualified to Supervise', formatDate(credentials?.date_qualified)],
    ['Date of Supervision Contract', formatDate(credentials?.date_contract)],
  ] as const;

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" gap="md">
          <Group gap="md" wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
            {picture ? (
              picture(user)
            ) : (
              <Avatar
                src={user.profile_pic}
                name={user.name}
                alt=""
                size={64}
                radius="xl"
                color="brand"
                variant="filled"
                aria-hidden
              />
            )}
            <div style={{ minWidth: 0, paddingTop: 8 }}>
              <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
                {user.name}
              </Title>
              <Text size="sm" c="dimmed">
                Supervisor
              </Text>
            </div>
          </Group>
          <Button leftSection={<IconPencil size={16} aria-hidden />} onClick={onEdit}>
            Edit
          </Button>
        </Group>
        <SimpleGrid
          component="dl"
          cols={{ base: 1, sm: 2 }}
          spacing="lg"
          verticalSpacing="md"
          m={0}
        >
          {rows.map(([label, value]) => (
            <div key={label}>
              <Text component="dt" size="sm" c="dimmed">
                {label}
              </Text>
              <Text component="dd" m={0} fw={500} style={{ overflowWrap: 'anywhere' }}>
                {value}
              </Text>
            </div>
          ))}
        </SimpleGrid>
        <Group gap="lg" component="nav" aria-label="Account">
          {LINKS.map((link) => (
            <Anchor key={link.to} component={Link} to={link.to} size="sm">
              {link.label}
            </Anchor>
          ))}
        </Group>
      </Stack>
    </Paper>
  );
}

function SupervisorProfileEditor({ user, onDone }: { user: User; onDone: () => void }) {
  const { setUser } = useSession();
  const updateProfile = useUpdateProfile();
  const updateSupervisor = useUpdateSupervisorProfile();
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const isComplete = isSupervisorProfileComplete(user);
  const credentials = user.supervisor;
  const form = useForm<
    SupervisorProfileForm,
    unknown,
    z.output<typeof SupervisorProfileFormSchema>
  >({
    resolver: zodResolver(SupervisorProfileFormSchema),
    defaultValues: {
      name: user.name,
      bacb_account_number: credentials?.bacb_account_number ?? '',
      bacb_certification_number: credentials?.bacb_certification_number ?? '',
      supervisor_qualification: credentials?.supervisor_qualification ?? '',
      date_qualified: credentials?.date_qualified ?? '',
      date_contract: credentials?.date_contract ?? '',
    },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ name, ...body }) => {
    setFormErrors([]);
    try {
      if (name !== user.name)
        setUser(await updateProfile.mutateAsync({ id: user.id, body: { name } }));
      const updated = await updateSupervisor.mutateAsync({ id: user.id, body });
      // The guard reads the session user: a now-complete profile opens the rest of the area.
      setUser(updated);
      notifySuccess('Successfully Updated');
      onDone();
    } catch (error) {
      setFormErrors(applyServerErrors(error, form.setError, FIELD_NAMES));
    }
  });

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
      <form onSubmit={onSubmit} noValidate aria-labelledby="profile-edit-title">
        <Stack gap="md">
          <Title order={2} size="h4" id="profile-edit-title">
            Edit profile
          </Title>
          {isComplete ? null : (
            <Alert color="blue" variant="light" title="Please complete your profile">
              Add your BACB numbers and qualification to start signing your trainees’ logs.
            </Alert>
          )}
          <FormErrorsAlert messages={formErrors} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
            <TextInput
              label="Full Name"
              autoComplete="name"
              required
              {...form.register('name')}
              error={errors.name?.message}
            />
            <TextInput
              label="Email"
              value={user.email}
              readOnly
              description="Your email cannot be changed."
            />
          </SimpleGrid>
          <SupervisorCredentialFields form={form} />
          <Box>
            <Group justify="flex-end" gap="sm">
              {isComplete ? (
                <Button variant="default" onClick={onDone} disabled={isSubmitting}>
                  Cancel
                </Button>
              ) : null}
              <Button type="submit" loading={isSubmitting}>
                Save
              </Button>
            </Group>
          </Box>
        </Stack>
      </form>
    </Paper>
  );
}
