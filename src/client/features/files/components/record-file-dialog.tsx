import { Modal } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { LoadingState } from '../../../components/loading-state';
import type { SupervisorChoices } from '../../../components/supervisor-choices';
import type { RecordModalRequest } from './record-form-values';

// The form (its date and file pickers) loads when the modal first opens, not with the page.
const RecordFileForm = lazy(() => import('./record-file-form'));

export type RecordFileModalProps = {
  /** What to open; null keeps the modal closed. */
  request: RecordModalRequest | null;
  onClose: () => void;
  supervisors: SupervisorChoices;
};

/**
 * The upload modal of SPEC §2: a new M-FVF or F-FVF ('Upload Document'), or an edit of a stored
 * one ('Save Changes'), one file, its three confirmations. Loaded by RecordFileModal.
 */
export default function RecordFileDialog({ request, onClose, supervisors }: RecordFileModalProps) {
  const [isBusy, setIsBusy] = useState(false);
  return (
    <Modal
      opened={request !== null}
      onClose={() => {
        if (!isBusy) onClose();
      }}
      title={request?.mode === 'edit' ? 'Edit form' : 'Upload a form'}
      size="lg"
      closeOnClickOutside={!isBusy}
      closeOnEscape={!isBusy}
    >
      {request ? (
        <Suspense fallback={<LoadingState rows={5} label="Loading the form" />}>
          <RecordFileForm
            key={request.mode === 'edit' ? `edit-${request.file.id}` : `new-${request.formType}`}
            request={request}
            supervisors={supervisors}
            onBusy={setIsBusy}
            onDone={onClose}
          />
        </Suspense>
      ) : null}
    </Modal>
  );
}
