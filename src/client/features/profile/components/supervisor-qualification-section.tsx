import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { type User } from '../../../../shared/accounts/account.schema';
import {
  OptionalBacbIdSchema,
  SupervisorQualificationFieldsSchema,
} from '../../../../shared/accounts/profile-update.schema';
import { firstAnniversary } from '../../../../shared/supervisors/qualification';
import { IsoDateSchema } from '../../../../shared/wire/primitives';
import { DateField } from '../../../components/date-field';
import { FormErrorsAlert } from '../../../components/form-errors-alert';
import { applyServerErrors } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { useUpdateSupervisorProfile } from '../api/update-supervisor-profile';
import { TrainingCertificateField } from './training-certificate-field';

const SECTION = 'Handbook, "Supervisor Qualifications"';

// The form's dates are '' when empty; the wire clears a date with null.
const optionalDate = z.union([z.literal(''), IsoDateSchema]).transform((value) => value || null);
const QualificationFormSchema = z.object({
  certified_on: optionalDate,
  training_completed_on: optionalDate,
  consulting_supervisor_name: SupervisorQualificationFieldsSchema.shape.consulting_supervisor_name,
  consulting_supervisor_bacb_id: OptionalBacbIdSchema,
});
type QualificationForm = z.input<typeof QualificationFormSchema>;
const FIELD_NAMES = [
  'certified_on',
  'training_completed_on',
  'consulting_supervisor_name',
  'consulting_supervisor_bacb_id',
] as const;

const formatDate = (value: string | null | undefined) =>
  value ? dayjs(value).format('MMMM D, YYYY') : 'Not set';

/**
 * What "Supervisor Qualifications" asks of a supervisor: the BACB certification date, the 8-hour
 * training (before any supervision contract) and its certificate, and, in the first year, the
 * consulting supervisor. Saved with the SPEC's five fields as they are (PUT /users/supervisor/).
 */
export function SupervisorQualificationSection({ user }: { user: User }) {
  const [isEditing, setIsEditing] = useState(false);
  const profile = user.supervisor;
  const certifiedOn = profile?.certified_on ?? null;
  const anniversary = certifiedOn ? firstAnniversary(certifiedOn) : null;
  const isFirstYear = anniversary !== null && dayjs().format('YYYY-MM-DD') < anniversary;

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="qual-title">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={2} size="h4" id="qual-title">
              Supervisor qualification
            </Title>
            <Text size="sm" c="dimmed">
              Your trainees see these, and their forms warn when a month lacks them ({SECTION}).
            </Text>
          </div>
          {isEditing ? null : (
            <Button variant="default" onClick={() => setIsEditing(true)}>
              Update qualification
            </Button>
          )}
        </Group>
        {isFirstYear ? (
          <Alert color="yellow" variant="light" title="First year of certification">
            Until {formatDate(anniversary)} you need “monthly consultation from a qualified
            consulting supervisor” each month you supervise ({SECTION}). Record each meeting under
            Consultations.
          </Alert>
        ) : null}
        {isEditing ? (
          <QualificationEditor user={user} onDone={() => setIsEditing(false)} />
        ) : (
          <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="lg" m={0}>
            {(
              [
                ['BACB certification date', formatDate(certifiedOn)],
                [
                  '8-hour supervision training completed',
                  formatDate(profile?.training_completed_on),
                ],
                ['Consulting supervisor', profile?.consulting_supervisor_name || 'Not set'],
                [
                  "Consulting supervisor's BACB ID",
                  profile?.consulting_supervisor_bacb_id || 'Not set',
                ],
              ] as const
            ).map(([label, value]) => (
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
        )}
        <TrainingCertificateField user={user} />
      </Stack>
    </Paper>
  );
}

function QualificationEditor({ user, onDone }: { user: User; onDone: () => void }) {
  const { setUser } = useSession();
  const update = useUpdateSupervisorProfile();
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const profile = user.supervisor;
  const form = useForm<QualificationForm, unknown, z.output<typeof QualificationFormSchema>>({
    resolver: zodResolver(QualificationFormSchema),
    defaultValues: {
      certified_on: profile?.certified_on ?? '',
      training_completed_on: profile?.training_completed_on ?? '',
      consulting_supervisor_name: profile?.consulting_supervisor_name ?? '',
      consulting_supervisor_bacb_id: profile?.consulting_supervisor_bacb_id ?? '',
    },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (fields) => {
    setFormErrors([]);
    try {
      const saved = await update.mutateAsync({
        id: user.id,
        body: {
          bacb_account_number: profile?.bacb_account_number ?? '',
          bacb_certification_number: profile?.bacb_certification_number ?? '',
          supervisor_qualification: profile?.supervisor_qualification ?? '',
          date_qualified: profile?.date_qualified ?? '',
          date_contract: profile?.date_contract ?? '',
          ...fields,
        },
      });
      setUser(saved);
      notifySuccess('Successfully Updated');
      onDone();
    } catch (error) {
      // The five credentials are not on this form: their messages go to the list above it.
      setFormErrors(applyServerErrors(error, form.setError, FIELD_NAMES));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Update qualification">
      <Stack gap="md">
        <FormErrorsAlert messages={formErrors} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <DateField control={form.control} name="certified_on" label="BACB certification date" />
          <DateField
            control={form.control}
            name="training_completed_on"
            label="8-hour supervision training completed"
          />
          <TextInput
            label="Consulting supervisor"
            description="In your first year of certification."
            autoComplete="off"
            {...form.register('consulting_supervisor_name')}
            error={errors.consulting_supervisor_name?.message}
          />
          <TextInput
            label="Consulting supervisor's BACB ID"
            description="X-XX-XXXXX or BACB followed by digits."
            autoComplete="off"
            {...form.register('consulting_supervisor_bacb_id')}
            error={errors.consulting_supervisor_bacb_id?.message}
          />
        </SimpleGrid>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" loading={isSubmitting}>
            Save qualification
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
