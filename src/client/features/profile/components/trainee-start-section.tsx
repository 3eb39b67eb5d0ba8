import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import type { User } from '../../../../shared/accounts/account.schema';
import {
  PATHWAY_MESSAGES,
  PATHWAYS,
  pathwayLabel,
  startFieldsProblem,
} from '../../../../shared/accounts/pathway';
import { PathwaySchema } from '../../../../shared/accounts/profile-update.schema';
import { IsoDateSchema } from '../../../../shared/wire/primitives';
import { DateField } from '../../../components/date-field';
import { FormErrorsAlert } from '../../../components/form-errors-alert';
import { ErrorState, LoadingState } from '../../../components/page-state';
import { applyServerErrors } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { useProfile } from '../api/get-profile';
import { useUpdateProfile } from '../api/update-profile';

// The select's value is the pathway's digit ('' for none); the date '' when empty.
const PATHWAY_VALUES = ['1', '2', '3', '4'] as const;
const StartFormSchema = z
  .object({
    pathway: z.enum(['', ...PATHWAY_VALUES]),
    first_class_on: z.union([z.literal(''), IsoDateSchema]),
  })
  .transform((form) => ({
    pathway: PathwaySchema.parse(form.pathway === '' ? null : Number(form.pathway)),
    firstClassOn: form.first_class_on || null,
  }))
  .superRefine((fields, ctx) => {
    // The server's rule, asked here too for the message under the field while typing.
    const problem = startFieldsProblem(fields, dayjs().format('YYYY-MM-DD'));
    if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  });
type StartForm = z.input<typeof StartFormSchema>;

const OPTIONS = PATHWAYS.map((pathway) => ({
  value: String(pathway.id),
  label: pathwayLabel(pathway.id),
}));

/**
 * The eligibility pathway (Handbook, "Eligibility Pathways") and, under pathways 1 and 2, the
 * first class meeting of the first behavior-analytic course: hours dated before it do not count
 * (Handbook, "Starting Fieldwork").
 */
export function TraineeStartSection() {
  const profile = useProfile();
  if (profile.isPending) return <LoadingState rows={3} label="Loading your pathway" />;
  if (profile.isError) {
    return <ErrorState error={profile.error} onRetry={() => void profile.refetch()} />;
  }
  return <TraineeStartEditor user={profile.data} />;
}

function TraineeStartEditor({ user }: { user: User }) {
  const update = useUpdateProfile();
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const form = useForm<StartForm, unknown, z.output<typeof StartFormSchema>>({
    resolver: zodResolver(StartFormSchema),
    defaultValues: {
      pathway: PATHWAY_VALUES.find((value) => Number(value) === user.trainee?.pathway) ?? '',
      first_class_on: user.trainee?.first_class_on ?? '',
    },
  });
  const pathway = useWatch({ control: form.control, name: 'pathway' });
  const isFirstClassAsked = pathway === '1' || pathway === '2';
  const { isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ pathway: chosen, firstClassOn }) => {
    setFormErrors([]);
    try {
      await update.mutateAsync({
        id: user.id,
        body: { name: user.name, pathway: chosen, first_class_on: firstClassOn },
      });
      notifySuccess('Successfully Updated');
    } catch (error) {
      setFormErrors(applyServerErrors(error, form.setError, ['pathway', 'first_class_on']));
    }
  });

  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="start-title"
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <div>
            <Title order={2} size="h4" id="start-title">
              Eligibility pathway
            </Title>
            <Text size="sm" c="dimmed">
              The pathway you plan to apply under (Handbook, “Eligibility Pathways”).
            </Text>
          </div>
          <FormErrorsAlert messages={formErrors} />
          <Controller
            control={form.control}
            name="pathway"
            render={({ field, fieldState }) => (
              <Select
                label="Pathway"
                placeholder="Not chosen"
                data={OPTIONS}
                clearable
                allowDeselect
                value={field.value === '' ? null : field.value}
                onChange={(value) => field.onChange(value ?? '')}
                onBlur={field.onBlur}
                ref={field.ref}
                error={fieldState.error?.message}
                comboboxProps={{ withinPortal: true }}
              />
            )}
          />
          {isFirstClassAsked ? (
            <Stack gap={4}>
              <DateField
                control={form.control}
                name="first_class_on"
                label="First class meeting of your first behavior-analytic course"
                required
              />
              <Text size="sm" c="dimmed" id="first-class-why">
                {PATHWAY_MESSAGES.firstClassExplained}
              </Text>
            </Stack>
          ) : null}
          <Group justify="flex-end">
            <Button type="submit" loading={isSubmitting}>
              Save pathway
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
