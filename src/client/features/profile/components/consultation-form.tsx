import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  ConsultationCreateRequestSchema,
  type ConsultationForm as ConsultationFormValues,
} from '../../../../shared/supervisors/qualification.schema';
import { DateField } from '../../../components/date-field';
import { FormErrorsAlert } from '../../../components/form-errors-alert';
import { applyServerErrors } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { useAddConsultation } from '../api/add-consultation';

const FIELD_NAMES = ['met_on', 'consultant_name', 'consultant_bacb_id', 'notes'] as const;

/** One consultation meeting: the date, the consulting supervisor and their BACB ID, notes. */
export function ConsultationForm({
  defaults,
  onDone,
}: {
  defaults: { consultant_name: string; consultant_bacb_id: string };
  onDone: () => void;
}) {
  const add = useAddConsultation();
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const form = useForm<
    ConsultationFormValues,
    unknown,
    z.output<typeof ConsultationCreateRequestSchema>
  >({
    resolver: zodResolver(ConsultationCreateRequestSchema),
    defaultValues: { met_on: '', notes: '', ...defaults },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (meeting) => {
    setFormErrors([]);
    try {
      await add.mutateAsync(meeting);
      notifySuccess('Consultation recorded');
      onDone();
    } catch (error) {
      setFormErrors(applyServerErrors(error, form.setError, FIELD_NAMES));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Add a consultation">
      <Stack gap="sm">
        <FormErrorsAlert messages={formErrors} />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <DateField control={form.control} name="met_on" label="Meeting date" required />
          <TextInput
            label="Consulting supervisor"
            required
            autoComplete="off"
            {...form.register('consultant_name')}
            error={errors.consultant_name?.message}
          />
          <TextInput
            label="Their BACB ID"
            required
            autoComplete="off"
            {...form.register('consultant_bacb_id')}
            error={errors.consultant_bacb_id?.message}
          />
        </SimpleGrid>
        <Textarea
          label="Notes"
          autosize
          minRows={2}
          {...form.register('notes')}
          error={errors.notes?.message}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" loading={isSubmitting}>
            Save consultation
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
