import { Alert, Button, FileButton, Stack, Text } from '@mantine/core';
import { IconFileUpload } from '@tabler/icons-react';
import {
  FVF_FORM_ABBREVIATIONS,
  type FvfFormName,
} from '../../../../shared/forms/fvf-template.schema';
import { ApiError } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useInstallFvfTemplate } from '../api/install-fvf-template';

/**
 * When no blank official form is installed: the server's message and an upload of the BACB's
 * blank fillable PDF (for the uploader's own forms only). The PDFs are the BACB's and never shipped.
 */
export function TemplateInstall({ message, form }: { message: string; form: FvfFormName }) {
  const install = useInstallFvfTemplate();

  const upload = async (file: File | null) => {
    if (!file) return;
    try {
      const template = await install.mutateAsync(file);
      notifySuccess(`${template.label} installed. You can fill the form now.`);
    } catch (error) {
      notifyError(error instanceof ApiError ? error.messages.join(' ') : 'Failed to upload!');
    }
  };

  return (
    <Alert color="yellow" variant="light" title="The blank official form is missing" role="alert">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{message}</Text>
        <FileButton onChange={(file) => void upload(file)} accept="application/pdf">
          {(props) => (
            <Button
              {...props}
              loading={install.isPending}
              leftSection={<IconFileUpload size={18} aria-hidden />}
            >
              Install the blank BACB form
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="dimmed">
          Download the fillable {FVF_FORM_ABBREVIATIONS[form]} from the BACB’s website and upload it
          here once: your forms are filled from it, nobody else’s.
        </Text>
      </Stack>
    </Alert>
  );
}
