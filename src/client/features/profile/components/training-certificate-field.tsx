import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import type { User } from '../../../../shared/accounts/account.schema';
import { FilePickerButton } from '../../../components/file-drop';
import { ApiError } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useDeleteTrainingCertificate } from '../api/delete-training-certificate';
import { getTrainingCertificate } from '../api/get-training-certificate';
import { useUploadTrainingCertificate } from '../api/upload-training-certificate';

const ACCEPT = 'application/pdf,image/png,image/jpeg';

/**
 * The 8-hour supervision training certificate (Handbook, "Supervisor Qualifications": "upload
 * the certificate"): upload (PDF or image), download and remove. Linked trainees download it too.
 */
export function TrainingCertificateField({ user }: { user: User }) {
  const upload = useUploadTrainingCertificate();
  const remove = useDeleteTrainingCertificate();
  const [error, setError] = useState<string | null>(null);
  const name = user.supervisor?.training_certificate_name ?? null;

  const choose = async (files: File[]) => {
    const [file] = files;
    if (!file) return;
    setError(null);
    try {
      await upload.mutateAsync(file);
      notifySuccess('Training certificate saved');
    } catch (cause) {
      const message =
        cause instanceof ApiError ? (cause.fields.document?.[0] ?? cause.message) : null;
      setError(message ?? 'The certificate could not be uploaded.');
    }
  };

  // The link is short-lived: asked for at the click, then opened.
  const open = async () => {
    try {
      const certificate = await getTrainingCertificate();
      window.open(certificate.url, '_blank', 'noopener');
    } catch (cause) {
      notifyError(
        cause instanceof ApiError ? cause.message : 'The certificate could not be opened.',
      );
    }
  };

  return (
    <Stack gap={6}>
      <Text size="sm" fw={500} id="training-certificate-label">
        8-hour supervision training certificate
      </Text>
      {name ? (
        <Anchor
          component="button"
          type="button"
          size="sm"
          onClick={() => void open()}
          style={{ alignSelf: 'flex-start', overflowWrap: 'anywhere' }}
        >
          {name}
        </Anchor>
      ) : (
        <Text size="sm" c="dimmed">
          No certificate uploaded.
        </Text>
      )}
      <Group gap="xs">
        <FilePickerButton
          accept={ACCEPT}
          onFiles={(files) => void choose(files)}
          variant="light"
          size="xs"
          leftSection={<IconUpload size={14} aria-hidden />}
          loading={upload.isPending}
          aria-describedby="training-certificate-label"
        >
          {name ? 'Replace certificate' : 'Upload certificate'}
        </FilePickerButton>
        {name ? (
          <Button
            variant="subtle"
            color="red"
            size="xs"
            loading={remove.isPending}
            onClick={() =>
              remove.mutate(undefined, { onError: () => notifyError('Could not remove it.') })
            }
          >
            Remove
          </Button>
        ) : null}
      </Group>
      {error ? (
        <Text size="sm" c="red.8" role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
