import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconFileUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { FormType } from '../../../../shared/files/record-file.schema';
import { ErrorState, LoadingState } from '../../../components/page-state';
import type { SupervisorChoices } from '../../../components/supervisor-choices';
import { useRecordFiles } from '../api/get-record-files';
import { RecordFileModal } from './record-file-modal';
import { RecordFileRow } from './record-file-row';
import type { RecordModalRequest } from './record-form-values';

/** The official F-FVF section of the Fieldwork Forms page (forms feature FINAL_FORMS_SECTION_ID; features do not import each other). */
const OFFICIAL_FFVF_PATH = '/student/upload#official-ffvf';

/**
 * The dashboard's Final Fieldwork Verification Forms card (SPEC §2): the F-FVFs with Download
 * (those signed in the app among them), the way to the official F-FVF, and Upload.
 * `initialUpload` opens the modal at once (navigation with state type M-FVF/F-FVF).
 */
export function FinalFormsCard({
  supervisors,
  initialUpload,
  onModalClosed,
}: {
  supervisors: SupervisorChoices;
  initialUpload: FormType | null;
  onModalClosed?: (() => void) | undefined;
}) {
  const files = useRecordFiles();
  const [request, setRequest] = useState<RecordModalRequest | null>(() =>
    initialUpload ? { mode: 'create', formType: initialUpload } : null,
  );
  const finals = files.data?.final_form ?? [];

  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="final-forms-title"
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          <div style={{ minWidth: 0, flex: '1 1 240px' }}>
            <Title order={2} size="h4" id="final-forms-title">
              Final Fieldwork Verification Forms
            </Title>
            <Text size="sm" c="dimmed">
              The F-FVF, signed by you and your supervisor, goes with your BACB application.{' '}
              <Anchor component={Link} to={OFFICIAL_FFVF_PATH} underline="always">
                Fill and sign the official F-FVF
              </Anchor>
            </Text>
          </div>
          <Button
            leftSection={<IconFileUpload size={18} aria-hidden />}
            onClick={() => setRequest({ mode: 'create', formType: 'Final' })}
          >
            Upload F-FVF
          </Button>
        </Group>
        {files.isPending ? (
          <LoadingState rows={2} label="Loading your final forms" />
        ) : files.isError ? (
          <ErrorState error={files.error} onRetry={() => void files.refetch()} />
        ) : finals.length === 0 ? (
          <Text size="sm" c="dimmed">
            No final form uploaded yet.
          </Text>
        ) : (
          <Stack gap={0} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {finals.map((file) => (
              <RecordFileRow key={file.id} file={file} />
            ))}
          </Stack>
        )}
      </Stack>
      <RecordFileModal
        request={request}
        onClose={() => {
          setRequest(null);
          onModalClosed?.();
        }}
        supervisors={supervisors}
      />
    </Paper>
  );
}
