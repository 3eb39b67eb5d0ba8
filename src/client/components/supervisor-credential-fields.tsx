import { SimpleGrid, TextInput } from '@mantine/core';
import { FormProvider, useFormContext, useFormState, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { SupervisorCredentialsSchema } from '../../shared/accounts/account.schema';
import { DateField } from './date-field';

/** The credential fields as a form holds them (sign-up and profile edit alike). */
type SupervisorCredentialFieldValues = z.input<typeof SupervisorCredentialsSchema>;

/** Their names, for placing the server's field messages under them (SPEC §8). */
export const SUPERVISOR_CREDENTIAL_FIELDS = SupervisorCredentialsSchema.keyof().options;

/** The two BACB numbers, each with the pattern it is typed in. */
const ID_NUMBER_FIELDS = [
  { name: 'bacb_account_number', label: 'BACB Account ID Number', placeholder: 'BACBXXXXXX' },
  {
    name: 'bacb_certification_number',
    label: 'BACB Certification ID Number',
    placeholder: 'X-XX-XXXXX',
  },
] as const;

/**
 * The supervisor's BACB credentials (SPEC §5): account and certification numbers, qualification
 * and the two dates, as fields of any form whose values hold them.
 */
export function SupervisorCredentialFields<
  T extends SupervisorCredentialFieldValues,
  TContext,
  TTransformed,
>({ form }: { form: UseFormReturn<T, TContext, TTransformed> }) {
  // The provider lets the fields name their own values without a generic path for each.
  return (
    <FormProvider {...form}>
      <CredentialInputs />
    </FormProvider>
  );
}

function CredentialInputs() {
  const { control, register } = useFormContext<SupervisorCredentialFieldValues>();
  const { errors } = useFormState({ control });
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
        {ID_NUMBER_FIELDS.map(({ name, label, placeholder }) => (
          <TextInput
            key={name}
            label={label}
            placeholder={placeholder}
            autoComplete="off"
            required
            {...register(name)}
            error={errors[name]?.message}
          />
        ))}
      </SimpleGrid>
      <TextInput
        label="Supervisor Qualification"
        placeholder="e.g. BCBA"
        required
        {...register('supervisor_qualification')}
        error={errors.supervisor_qualification?.message}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
        <DateField
          control={control}
          name="date_qualified"
          label="Date Qualified to Supervise"
          required
        />
        <DateField
          control={control}
          name="date_contract"
          label="Date of Supervision Contract"
          required
        />
      </SimpleGrid>
    </>
  );
}
