import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  TraineeSupervisorInputSchema,
  type TraineeSupervisor,
  type TraineeSupervisorForm,
  type TraineeSupervisorInput,
} from '../../../../shared/supervisors/trainee-supervisor.schema';
import { FormErrorsAlert } from '../../../components/form-errors-alert';
import { ApiError } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/form-errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCreateTraineeSupervisor } from '../api/create-trainee-supervisor';
import { useDeleteTraineeSupervisor } from '../api/delete-trainee-supervisor';
import { useUpdateTraineeSupervisor } from '../api/update-trainee-supervisor';

const FIELD_NAMES = ['name', 'email', 'organization'] as const;

type SupervisorDialogProps = {
  opened: boolean;
  onClose: () => void;
  /** The record to edit; null adds a new supervisor. */
  supervisor: TraineeSupervisor | null;
};

/** The Add/Edit Supervisor dialog of the profile screen (SPEC §2, §5). */
export function SupervisorDialog({ opened, onClose, supervisor }: SupervisorDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={supervisor ? 'Edit Supervisor' : 'Add Supervisor'}
      centered
    >
      {/* A fresh form each time the dialog opens, with the chosen record's values. */}
      {opened ? (
        <SupervisorForm key={supervisor?.id ?? 'new'} supervisor={supervisor} onDone={onClose} />
      ) : null}
    </Modal>
  );
}

function SupervisorForm({
  supervisor,
  onDone,
}: {
  supervisor: TraineeSupervisor | null;
  onDone: () => void;
}) {
  const create = useCreateTraineeSupervisor();
  const update = useUpdateTraineeSupervisor();
  const remove = useDeleteTraineeSupervisor();
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [isConfirmingDelete, setIsConfirmingDelete] = useState(false);
  // The email is the account's once it accepted the trainee (before, a typo can be mended).
  const hasAccount = supervisor?.link_status === 'accepted';
  const form = useForm<TraineeSupervisorForm, unknown, TraineeSupervisorInput>({
    resolver: zodResolver(TraineeSupervisorInputSchema),
    // Every change re-checks the form: Save stays disabled while anything is invalid (SPEC §5).
    mode: 'all',
    defaultValues: {
      name: supervisor?.name ?? '',
      email: supervisor?.email ?? '',
      organization: supervisor?.organization ?? '',
    },
  });
  const { errors, isSubmitting, isValid } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormErrors([]);
    try {
      if (supervisor) {
        // The email of a supervisor with a tracker account cannot change.
        const body = hasAccount
          ? { name: values.name, organization: values.organization }
          : { name: values.name, email: values.email, organization: values.organization };
        await update.mutateAsync({ id: supervisor.id, body });
        notifySuccess('Successfully updated!');
      } else {
        await create.mutateAsync({
          name: values.name,
          lastname: '',
          email: values.email,
          organization: values.organization,
        });
        notifySuccess('Successfully submitted!');
      }
      onDone();
    } catch (error) {
      setFormErrors(applyServerErrors(error, form.setError, FIELD_NAMES));
    }
  });

  const onDelete = async () => {
    if (!supervisor) return;
    setFormErrors([]);
    try {
      await remove.mutateAsync(supervisor.id);
      notifySuccess('Successfully deleted!');
      onDone();
    } catch (error) {
      // 409 while logs name the supervisor: the server says so in its detail.
      const message = error instanceof ApiError ? error.message : 'Failed to delete!';
      notifyError(message);
      setFormErrors([message]);
      setIsConfirmingDelete(false);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <FormErrorsAlert messages={formErrors} />
        <TextInput
          label="Full Name"
          autoComplete="off"
          required
          data-autofocus
          {...form.register('name')}
          error={errors.name?.message}
        />
        <TextInput
          label="Email"
          type="email"
          autoComplete="off"
          required
          disabled={hasAccount}
          description={
            hasAccount ? 'This supervisor has a tracker account, so the email is fixed.' : undefined
          }
          {...form.register('email')}
          error={errors.email?.message}
        />
        <TextInput
          label="Organization (optional)"
          autoComplete="organization"
          description="Supervisors at one organization share its Organization verification forms. Leave empty for an individual supervisor."
          {...form.register('organization')}
          error={errors.organization?.message}
        />
        {isConfirmingDelete ? (
          <Alert color="red" variant="light" title="Delete supervisor">
            <Stack gap="sm">
              <Text size="sm">Are you sure you want to delete?</Text>
              <Group gap="sm">
                <Button color="red" size="xs" onClick={onDelete} loading={remove.isPending}>
                  Yes, delete
                </Button>
                <Button variant="default" size="xs" onClick={() => setIsConfirmingDelete(false)}>
                  Keep supervisor
                </Button>
              </Group>
            </Stack>
          </Alert>
        ) : null}
        <Group justify="space-between" gap="sm">
          {supervisor ? (
            <Button
              variant="subtle"
              color="red"
              onClick={() => setIsConfirmingDelete(true)}
              disabled={isConfirmingDelete}
            >
              Delete supervisor
            </Button>
          ) : (
            <span />
          )}
          <Group gap="sm">
            <Button variant="default" onClick={onDone}>
              Cancel
            </Button>
            <Button type="submit" loading={isSubmitting} disabled={!isValid}>
              Save
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
