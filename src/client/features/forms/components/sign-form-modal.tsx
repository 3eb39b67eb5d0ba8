import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { z } from 'zod';
import {
  ATTESTATIONS,
  FormSignatureSchema,
  type FormParty,
} from '../../../../shared/forms/attestations';
import type { MonthForm } from '../../../../shared/forms/month-form.schema';
import type { QualificationFlagWire } from '../../../../shared/supervisors/qualification-flag.schema';
import { formatUsDate } from '../../../../shared/logs/time';
import { ApiError } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSignForm, type SignedFormKind } from '../api/sign-form';
import { formatFormHours } from './month-form-status';

/** A form to sign, monthly or final, with the words that name it to people. */
export type FormToSign = Pick<
  MonthForm,
  'id' | 'variant_label' | 'trainee_signature' | 'supervisor_signature' | 'signers' | 'figures'
> & {
  kind: SignedFormKind;
  title: string;
  /** Past the deadline with no signed form: what signing now costs (month-form-status). */
  lateWarning?: string | null;
  /** "It was signed on paper in time": records the paper form instead (the trainee's). */
  onPaperInstead?: () => void;
  /** Issue 39: why the signing supervisor may not qualify for the form's months (a warning). */
  qualificationFlags?: readonly QualificationFlagWire[];
};

type FieldErrors = { full_name?: string; attested?: string };

/** The time zone the signer sees, so the date stamped on the form is theirs. */
function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

function SignatureLine({
  who,
  signature,
}: {
  who: string;
  signature: MonthForm['trainee_signature'];
}) {
  return (
    <Text size="sm">
      <strong>{who}:</strong>{' '}
      {signature
        ? `signed by ${signature.name} on ${formatUsDate(signature.signed_on)}`
        : 'not signed yet'}
    </Text>
  );
}

/**
 * The figures the form reports, as the signer attests them (issue 36): the ones filled into the
 * PDF, not what the logs say now (a form that no longer matches them cannot be signed).
 */
function FiguresTable({ figures }: { figures: MonthForm['figures'] }) {
  const rows: [string, string][] = [
    ['Independent hours', `${formatFormHours(figures.independent_hours)} h`],
    ['Supervised hours', `${formatFormHours(figures.supervised_hours)} h`],
    ['Total fieldwork hours', `${formatFormHours(figures.total_hours)} h`],
    ['Percent supervised', `${figures.percent_supervised.toFixed(1)}%`],
  ];
  return (
    <Table withTableBorder verticalSpacing={4} captionSide="top">
      <Table.Caption style={{ textAlign: 'left' }}>The hours on this form</Table.Caption>
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th scope="row" fw={500}>
              {label}
            </Table.Th>
            <Table.Td ta="right" fw={600}>
              {value}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * Handbook, "Multiple Supervisors at One Organization": "The Responsible Supervisor must meet all
 * supervision requirements for the entire duration of the M-FVF or F-FVF they sign". A warning
 * with each reason and its section; signing stays allowed (the BACB's registry decides).
 */
export function QualificationWarning({
  flags,
  party,
}: {
  flags: readonly QualificationFlagWire[];
  party: FormParty;
}) {
  if (flags.length === 0) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      title={
        party === 'supervisor'
          ? 'You may not qualify for this form’s months'
          : 'Your supervisor may not qualify for this form’s months'
      }
    >
      <Stack gap={4}>
        {flags.map((flag) => (
          <Text size="sm" key={`${flag.code}-${flag.month ?? 'all'}`}>
            {flag.message}
          </Text>
        ))}
        <Text size="sm">
          The responsible supervisor “must meet all supervision requirements for the entire duration
          of the M-FVF or F-FVF they sign” (Handbook, “Multiple Supervisors at One Organization”).
          You can still sign.
        </Text>
      </Stack>
    </Alert>
  );
}

/**
 * Signing an official form (a month's M-FVF or the F-FVF): the party's attestation, the typed
 * full name and the confirmation (the BACB accepts an electronic signature made with intent to
 * sign).
 */
export function SignFormModal({
  form,
  party,
  onClose,
}: {
  form: FormToSign | null;
  party: FormParty;
  onClose: () => void;
}) {
  const sign = useSignForm();
  const [fullName, setFullName] = useState('');
  const [attested, setAttested] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});

  const close = () => {
    setFullName('');
    setAttested(false);
    setErrors({});
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form) return;
    const parsed = FormSignatureSchema.safeParse({ full_name: fullName, attested });
    if (!parsed.success) {
      const fields = z.flattenError(parsed.error).fieldErrors;
      setErrors({ full_name: fields.full_name?.[0], attested: fields.attested?.[0] });
      return;
    }
    setErrors({});
    try {
      await sign.mutateAsync({
        kind: form.kind,
        id: form.id,
        ...parsed.data,
        time_zone: browserTimeZone(),
      });
      notifySuccess('Form signed');
      close();
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
        setErrors({ full_name: error.fields.full_name?.[0], attested: error.fields.attested?.[0] });
      }
      notifyError(error instanceof ApiError ? error.message : 'Failed to sign the form.');
    }
  };

  return (
    <Modal
      opened={form !== null}
      onClose={close}
      title={party === 'trainee' ? 'Sign your form' : 'Sign as supervisor'}
      size="lg"
    >
      {form ? (
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Stack gap="md">
            <Text fw={600}>
              {form.title} · {form.variant_label}
            </Text>
            <Stack gap={4} aria-label="Signatures">
              {form.signers.includes('trainee') ? (
                <SignatureLine who="Trainee" signature={form.trainee_signature} />
              ) : null}
              <SignatureLine who="Supervisor" signature={form.supervisor_signature} />
            </Stack>
            <FiguresTable figures={form.figures} />
            <QualificationWarning flags={form.qualificationFlags ?? []} party={party} />
            {form.lateWarning ? (
              <Alert
                color="red"
                variant="light"
                title="Past the deadline: these hours are lost if signed now"
              >
                <Stack gap="xs">
                  <Text size="sm">{form.lateWarning}</Text>
                  {form.onPaperInstead && party === 'trainee' ? (
                    <Button
                      size="xs"
                      variant="white"
                      color="red"
                      h="auto"
                      py={6}
                      // The long label wraps on a phone instead of pushing the dialog wider.
                      styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
                      style={{ alignSelf: 'flex-start', maxWidth: '100%' }}
                      onClick={() => {
                        const paperInstead = form.onPaperInstead;
                        close();
                        paperInstead?.();
                      }}
                    >
                      It was signed on paper in time: record the paper form
                    </Button>
                  ) : null}
                </Stack>
              </Alert>
            ) : null}
            <Alert color="gray" variant="light" title="Attestation">
              {ATTESTATIONS[party]}
            </Alert>
            {party === 'supervisor' && form.kind === 'monthly' ? (
              <Text size="sm">
                Your signature also signs the month off, as “Sign off month” does: the month’s logs
                this form covers are locked until you reopen it, which voids this form. Logs with
                other supervisors stay open.
              </Text>
            ) : null}
            <TextInput
              label="Your full name"
              autoComplete="name"
              required
              value={fullName}
              onChange={(event) => setFullName(event.currentTarget.value)}
              error={errors.full_name}
            />
            <Checkbox
              label="I agree to the attestation above and sign this form"
              checked={attested}
              onChange={(event) => setAttested(event.currentTarget.checked)}
              error={errors.attested}
              required
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close} disabled={sign.isPending}>
                Cancel
              </Button>
              <Button
                type="submit"
                loading={sign.isPending}
                color={form.lateWarning ? 'red' : undefined}
              >
                {form.lateWarning ? 'Sign late' : 'Sign'}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
    </Modal>
  );
}
