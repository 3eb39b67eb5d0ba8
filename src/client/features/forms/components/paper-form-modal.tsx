import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useState, type FormEvent } from 'react';
import type { MonthFormRow } from '../../../../shared/forms/month-form.schema';
import {
  PAPER_FORM_MESSAGES,
  paperSigningDateError,
} from '../../../../shared/forms/paper-form.schema';
import { formatUsDate } from '../../../../shared/logs/time';
import { FileDrop } from '../../../components/file-drop';
import { ApiError } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { useRecordPaperForm } from '../api/record-paper-form';
import { rowTitle } from './month-form-status';

type FieldErrors = { signed_on?: string; document?: string; other?: string };

/** Today as the browser sees it ('YYYY-MM-DD'); the server checks again against its own. */
function localToday(): string {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * "Record a paper form": the month's form was signed on paper; the trainee gives the date both
 * signed it and the scan (PDF or image). Signed by the deadline, the form's hours count again;
 * after it, they are lost (decision 024).
 */
export function PaperFormModal({
  row,
  onClose,
}: {
  row: MonthFormRow | null;
  onClose: () => void;
}) {
  const record = useRecordPaperForm();
  const [signedOn, setSignedOn] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});

  const close = () => {
    setSignedOn('');
    setFile(null);
    setErrors({});
    record.reset();
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!row) return;
    const found: FieldErrors = {};
    if (signedOn === '') found.signed_on = 'Enter the date both of you signed the form.';
    else {
      const dateError = paperSigningDateError(row.month, signedOn, localToday());
      if (dateError) found.signed_on = dateError;
    }
    if (!file) found.document = PAPER_FORM_MESSAGES.noFile;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await record.mutateAsync({
        month: row.month,
        traineeSupervisor: row.trainee_supervisor,
        experienceType: row.expereince_type,
        signedOn,
        document: file,
      });
      notifySuccess('Paper form recorded');
      close();
    } catch (error) {
      if (error instanceof ApiError) {
        setErrors({
          signed_on: error.fields.signed_on?.[0],
          document: error.fields.document?.[0],
          other:
            Object.keys(error.fields).some((key) => key !== 'signed_on' && key !== 'document') ||
            Object.keys(error.fields).length === 0
              ? error.messages.join(' ')
              : undefined,
        });
      } else {
        setErrors({ other: 'The paper form could not be recorded. Try again.' });
      }
    }
  };

  return (
    <Modal opened={row !== null} onClose={close} title="Record a paper form" size="lg">
      {row ? (
        <form onSubmit={(event) => void submit(event)} noValidate aria-busy={record.isPending}>
          <Stack gap="md">
            <Text fw={600}>{rowTitle(row)}</Text>
            <Text size="sm">
              Signed on paper? Give the date you and your supervisor signed it and a scan or photo
              of the signed form. Signed by {formatUsDate(row.deadline)}, its{' '}
              {row.figures.total_hours} h count; signed after that, they are lost.
            </Text>
            <DateInput
              label="Date signed"
              placeholder="YYYY-MM-DD"
              valueFormat="YYYY-MM-DD"
              previousLabel="Previous month"
              nextLabel="Next month"
              hideOutsideDates
              required
              value={signedOn === '' ? null : signedOn}
              onChange={(next) => {
                setSignedOn(next ?? '');
                setErrors((current) => ({ ...current, signed_on: undefined }));
              }}
              error={errors.signed_on}
              data-testid="paper-signed-on"
            />
            <FileDrop
              label="Signed form"
              hint="PDF, PNG or JPEG, up to 20MB"
              accept="application/pdf,image/png,image/jpeg"
              isRequired
              chosen={file ? file.name : undefined}
              error={errors.document}
              isDisabled={record.isPending}
              onFiles={(files) => {
                setFile(files[0] ?? null);
                setErrors((current) => ({ ...current, document: undefined }));
              }}
            />
            {errors.other ? (
              <Alert color="red" role="alert">
                {errors.other}
              </Alert>
            ) : null}
            <Group justify="flex-end">
              <Button variant="default" onClick={close} disabled={record.isPending}>
                Cancel
              </Button>
              <Button type="submit" loading={record.isPending}>
                Record the paper form
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
    </Modal>
  );
}
