import { Alert, Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { z } from 'zod';
import {
  CONTRACT_MESSAGES,
  ContractUploadFieldsSchema,
} from '../../../../shared/contracts/contract.schema';
import { FileDrop } from '../../../components/file-drop';
import { localToday } from '../../../lib/local-date';
import { notifySuccess } from '../../../lib/notify';
import { useUploadContract } from '../api/upload-contract';
import { PastDateInput } from './past-date-input';
import { splitServerErrors } from './server-errors';

/** What is uploaded: for one structure, and (an amendment) to one contract. */
export type UploadTarget = {
  traineeSupervisor: number;
  /** The structure as people read it. */
  name: string;
  /** An amendment to this contract; a new contract without it. */
  contract?: number;
  /** The parties, to start the list of who signed from. */
  signers: string[];
};

const FIELDS = ['document', 'signed_on', 'signers', 'title'] as const;
type FieldErrors = Partial<Record<(typeof FIELDS)[number] | 'other', string>>;

/**
 * "Upload a signed contract": a contract (or an amendment) signed outside the app, with the date
 * it was signed and who signed it. It is in force from that date (Handbook, "Supervision
 * Contract": signed at the outset of the supervisory relationship).
 */
export function UploadContractModal({
  target,
  onClose,
}: {
  target: UploadTarget | null;
  onClose: () => void;
}) {
  const upload = useUploadContract();
  const [file, setFile] = useState<File | null>(null);
  const [signedOn, setSignedOn] = useState('');
  const [signers, setSigners] = useState<string | null>(null);
  const [title, setTitle] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const signersText = signers ?? target?.signers.join('\n') ?? '';
  const isAmendment = target?.contract !== undefined;

  const close = () => {
    setFile(null);
    setSignedOn('');
    setSigners(null);
    setTitle('');
    setErrors({});
    upload.reset();
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!target) return;
    const parsed = ContractUploadFieldsSchema.safeParse({
      trainee_supervisor: target.traineeSupervisor,
      contract: target.contract,
      signed_on: signedOn,
      signers: signersText,
      title: title === '' ? undefined : title,
    });
    const found: FieldErrors = {};
    if (!parsed.success) {
      const fields = z.flattenError(parsed.error).fieldErrors;
      if (fields.signed_on) found.signed_on = CONTRACT_MESSAGES.signedOnRequired;
      found.signers = fields.signers?.[0];
      found.title = fields.title?.[0];
    } else if (parsed.data.signed_on > localToday()) {
      found.signed_on = CONTRACT_MESSAGES.signedOnFuture;
    }
    if (!file) found.document = CONTRACT_MESSAGES.noFile;
    setErrors(found);
    if (!parsed.success || !file || Object.values(found).some(Boolean)) return;
    try {
      await upload.mutateAsync({ ...parsed.data, document: file });
      notifySuccess(isAmendment ? 'Signed amendment uploaded' : 'Signed contract uploaded');
      close();
    } catch (error) {
      const { fields, other } = splitServerErrors(
        error,
        FIELDS,
        'The contract could not be uploaded. Try again.',
      );
      setErrors({ ...fields, other });
    }
  };

  return (
    <Modal
      opened={target !== null}
      onClose={close}
      title={isAmendment ? 'Upload a signed amendment' : 'Upload a signed contract'}
      size="lg"
    >
      {target ? (
        <form onSubmit={(event) => void submit(event)} noValidate aria-busy={upload.isPending}>
          <Stack gap="md">
            <Text size="sm">
              Signed on paper or in another tool with {target.name}? Upload it with the date the
              last party signed it and everyone who signed. Hours count from that date.
            </Text>
            <FileDrop
              label={isAmendment ? 'Signed amendment' : 'Signed contract'}
              hint="PDF, PNG or JPEG, up to 20MB"
              accept="application/pdf,image/png,image/jpeg"
              isRequired
              chosen={file ? file.name : undefined}
              error={errors.document}
              isDisabled={upload.isPending}
              onFiles={(files) => {
                setFile(files[0] ?? null);
                setErrors((current) => ({ ...current, document: undefined }));
              }}
            />
            <PastDateInput
              label="Date signed"
              description="The day the last party signed it."
              value={signedOn}
              onChange={(next) => {
                setSignedOn(next);
                setErrors((current) => ({ ...current, signed_on: undefined }));
              }}
              error={errors.signed_on}
            />
            <Textarea
              label="Who signed"
              description="Everyone who signed, one name per line."
              required
              autosize
              minRows={2}
              value={signersText}
              onChange={(event) => {
                setSigners(event.currentTarget.value);
                setErrors((current) => ({ ...current, signers: undefined }));
              }}
              error={errors.signers}
            />
            <TextInput
              label="Title (optional)"
              maxLength={200}
              value={title}
              onChange={(event) => setTitle(event.currentTarget.value)}
              error={errors.title}
            />
            {errors.other ? (
              <Alert color="red" role="alert">
                {errors.other}
              </Alert>
            ) : null}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close} disabled={upload.isPending}>
                Cancel
              </Button>
              <Button type="submit" loading={upload.isPending}>
                Upload
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
    </Modal>
  );
}
