import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation } from 'react-router';
import type { z } from 'zod';
import {
  TraineeProfileFieldsSchema,
  type TraineeProfileFields,
  type User,
} from '../../../../shared/accounts/account.schema';
import { FormErrorsAlert } from '../../../components/form-errors-alert';
import { ErrorState, LoadingState } from '../../../components/page-state';
import { applyServerErrors } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { useProfile } from '../api/get-profile';
import { useUpdateProfile } from '../api/update-profile';

type TraineeFormDetails = z.input<typeof TraineeProfileFieldsSchema>;

const FIELD_NAMES = ['bacb_id', 'fieldwork_state', 'fieldwork_country'] as const;

/** The anchor the forms page links to when a form cannot be filled without these fields. */
export const TRAINEE_FORM_DETAILS_ID = 'official-form-details';

/**
 * The trainee's details the official M-FVF needs (BACB ID, where the fieldwork happens). Each
 * is optional on the profile; filling a form asks for all three.
 */
export function TraineeFormDetails() {
  const profile = useProfile();
  if (profile.isPending) return <LoadingState rows={4} label="Loading your form details" />;
  if (profile.isError) {
    return <ErrorState error={profile.error} onRetry={() => void profile.refetch()} />;
  }
  return <TraineeFormDetailsEditor user={profile.data} />;
}

function TraineeFormDetailsEditor({ user }: { user: User }) {
  const update = useUpdateProfile();
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const form = useForm<TraineeFormDetails, unknown, TraineeProfileFields>({
    resolver: zodResolver(TraineeProfileFieldsSchema),
    defaultValues: {
      bacb_id: user.trainee?.bacb_id ?? '',
      fieldwork_state: user.trainee?.fieldwork_state ?? '',
      fieldwork_country: user.trainee?.fieldwork_country ?? '',
    },
  });
  const { errors, isSubmitting } = form.formState;
  const section = useRef<HTMLElement>(null);
  const { hash } = useLocation();

  // The forms page links here when a form needs these details: show the section at once.
  useEffect(() => {
    if (hash !== `#${TRAINEE_FORM_DETAILS_ID}`) return;
    section.current?.scrollIntoView({ block: 'start' });
    form.setFocus('bacb_id');
  }, [hash, form]);

  const onSubmit = form.handleSubmit(async (details) => {
    setFormErrors([]);
    try {
      // The PUT always carries the name; it is unchanged here.
      const saved = await update.mutateAsync({
        id: user.id,
        body: { name: user.name, ...details },
      });
      form.reset({
        bacb_id: saved.trainee?.bacb_id ?? '',
        fieldwork_state: saved.trainee?.fieldwork_state ?? '',
        fieldwork_country: saved.trainee?.fieldwork_country ?? '',
      });
      notifySuccess('Successfully Updated');
    } catch (error) {
      setFormErrors(applyServerErrors(error, form.setError, FIELD_NAMES));
    }
  });

  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      ref={section}
      id={TRAINEE_FORM_DETAILS_ID}
      aria-labelledby="form-details-title"
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <div>
            <Title order={2} size="h4" id="form-details-title">
              Details for the official forms
            </Title>
            <Text size="sm" c="dimmed">
              Written on each monthly verification form (M-FVF) the app fills for you.
            </Text>
          </div>
          <FormErrorsAlert messages={formErrors} />
          <TextInput
            label="BACB ID"
            description="Your BACB account ID (BACB followed by digits) or your RBT number (X-XX-XXXXX)."
            autoComplete="off"
            {...form.register('bacb_id')}
            error={errors.bacb_id?.message}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label="Fieldwork state or province"
              description="Where you do your fieldwork."
              autoComplete="address-level1"
              {...form.register('fieldwork_state')}
              error={errors.fieldwork_state?.message}
            />
            <TextInput
              label="Fieldwork country"
              autoComplete="country-name"
              {...form.register('fieldwork_country')}
              error={errors.fieldwork_country?.message}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={isSubmitting}>
              Save details
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
