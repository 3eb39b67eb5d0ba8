import { Alert, Anchor, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_COLUMNS,
  IMPORT_MAX_ROWS,
  IMPORT_MESSAGES,
  type ImportMapping,
  type ImportPreview,
  type ImportResult,
} from '../../../../shared/import/import.schema';
import { PageHeader } from '../../../components/page-header';
import { ApiError } from '../../../lib/api-client';
import { FileDrop } from '../../../components/file-drop';
import { useConfirmImport, usePreviewImport } from '../api/import-hours';
import { ColumnMapping } from './column-mapping';
import { ImportPreviewTable } from './import-preview-table';
import { ImportProgress } from './import-progress';

const ACCEPT =
  '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type Step =
  | { name: 'upload' }
  | { name: 'map'; preview: ImportPreview; mapping: ImportMapping }
  | { name: 'preview'; preview: ImportPreview; mapping: ImportMapping | null }
  | { name: 'done'; result: ImportResult };

/** Every message of a refusal: a field's, or the list of rows the import stopped on. */
function messagesOf(error: unknown): string[] {
  if (!(error instanceof ApiError)) return ['Something went wrong. Please try again.'];
  const fields = Object.values(error.fields).flat();
  return fields.length > 0 ? fields : [error.message];
}

function Failure({ error }: { error: unknown }) {
  const [first, ...rest] = messagesOf(error);
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle aria-hidden />}
      title={first}
      role="alert"
    >
      {rest.length > 0 ? (
        <List size="sm" spacing={2}>
          {rest.map((message) => (
            <List.Item key={message}>{message}</List.Item>
          ))}
        </List>
      ) : null}
    </Alert>
  );
}

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

/**
 * /student/import-hours (issue 14): a spreadsheet of earlier hours, read on the server. Upload,
 * match the columns (a layout of the user's own; the product's export needs none), check the
 * preview of every row, then import: every row or none, each pending the supervisor's approval.
 */
export function ImportHoursPage() {
  const [step, setStep] = useState<Step>({ name: 'upload' });
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const [progress, setProgress] = useState(0);
  const previewing = usePreviewImport();
  const importing = useConfirmImport();
  const heading = useRef<HTMLHeadingElement>(null);

  // Each new step takes the focus to its heading, so a screen reader hears where it is.
  useEffect(() => {
    heading.current?.focus();
  }, [step.name]);

  const restart = () => {
    previewing.reset();
    importing.reset();
    setFile(null);
    setStep({ name: 'upload' });
  };

  const check = (chosen: File, mapping: ImportMapping | null) => {
    importing.reset();
    setProgress(0);
    previewing.mutate(
      { file: chosen, mapping, onProgress: setProgress },
      {
        onSuccess: (preview) =>
          setStep(
            preview.needsMapping
              ? { name: 'map', preview, mapping: preview.mapping ?? {} }
              : { name: 'preview', preview, mapping: preview.mapping },
          ),
      },
    );
  };

  const onFiles = (files: File[]) => {
    const [chosen] = files;
    if (!chosen) return;
    if (chosen.size > IMPORT_MAX_BYTES) {
      setFileError(IMPORT_MESSAGES.tooLarge);
      return;
    }
    if (!/\.(csv|xlsx)$/i.test(chosen.name)) {
      setFileError(IMPORT_MESSAGES.notSpreadsheet);
      return;
    }
    setFileError(undefined);
    setFile(chosen);
    check(chosen, null);
  };

  const confirm = (preview: ImportPreview, mapping: ImportMapping | null) => {
    if (!file) return;
    setProgress(0);
    importing.mutate(
      { file, mapping, sha256: preview.sha256, onProgress: setProgress },
      { onSuccess: (result) => setStep({ name: 'done', result }) },
    );
  };

  const stepTitle = {
    upload: 'Step 1: choose a file',
    map: 'Step 2: match your columns',
    preview: 'Step 3: check every row',
    done: 'Done',
  }[step.name];

  return (
    <Stack gap="md" maw={1100}>
      <PageHeader title="Import hours">
        Bring in hours you kept in a spreadsheet: this product’s own CSV export, or a CSV or Excel
        file of your own layout. Nothing is saved until you confirm, and every imported entry goes
        to your supervisor for approval.
      </PageHeader>
      <Title order={2} size="h3" ref={heading} tabIndex={-1} id="import-step-title">
        {stepTitle}
      </Title>

      {step.name === 'upload' ? (
        <Stack gap="sm">
          <FileDrop
            label="Spreadsheet"
            hint={`CSV or Excel (.xlsx), up to 10 MB, ${IMPORT_MAX_ROWS.toLocaleString('en-US')} rows and ${IMPORT_MAX_COLUMNS} columns. The first row names the columns.`}
            accept={ACCEPT}
            chosen={file ? file.name : undefined}
            error={fileError}
            isRequired
            isDisabled={previewing.isPending}
            onFiles={onFiles}
          />
          {previewing.isPending ? (
            <ImportProgress label="Reading and checking the rows…" fraction={progress} />
          ) : null}
          {previewing.isError ? <Failure error={previewing.error} /> : null}
        </Stack>
      ) : null}

      {step.name === 'map' ? (
        <Stack gap="sm">
          <Text size="sm">
            <strong>{step.preview.fileName}</strong>:{' '}
            {plural(step.preview.counts.rows, 'row', 'rows')} in a layout of your own.
          </Text>
          <ColumnMapping
            headers={step.preview.headers}
            mapping={step.mapping}
            onChange={(mapping) => setStep({ ...step, mapping })}
            onSubmit={() => file && check(file, step.mapping)}
            onCancel={restart}
            isBusy={previewing.isPending}
          />
          {previewing.isPending ? (
            <ImportProgress label="Reading and checking the rows…" fraction={progress} />
          ) : null}
          {previewing.isError ? <Failure error={previewing.error} /> : null}
        </Stack>
      ) : null}

      {step.name === 'preview' ? (
        <PreviewStep
          preview={step.preview}
          isImporting={importing.isPending}
          progress={progress}
          error={importing.isError ? importing.error : null}
          onConfirm={() => confirm(step.preview, step.mapping)}
          onRemap={
            step.preview.layout === 'generic'
              ? () => setStep({ name: 'map', preview: step.preview, mapping: step.mapping ?? {} })
              : undefined
          }
          onCancel={restart}
        />
      ) : null}

      {step.name === 'done' ? (
        <Paper withBorder p="md">
          <Stack gap="sm">
            <Group gap="xs" wrap="nowrap">
              <IconCircleCheck color="var(--mantine-color-teal-7)" aria-hidden />
              <Text fw={600} role="status">
                {plural(step.result.imported, 'log imported', 'logs imported')}.
              </Text>
            </Group>
            <Text size="sm">
              They are waiting for your supervisor’s approval, like every log you enter; their
              history shows that they were imported.
            </Text>
            <Group gap="sm">
              {/* The logs of the months filled, the new ones marked (not the whole record). */}
              {step.result.months[0] ? (
                <Button
                  component={Link}
                  to={`/student/imported-logs/${step.result.months[0].month}`}
                  state={{ imported_at: step.result.imported_at, months: step.result.months }}
                >
                  View your logs
                </Button>
              ) : null}
              <Button variant="default" onClick={restart}>
                Import another file
              </Button>
            </Group>
          </Stack>
        </Paper>
      ) : null}
    </Stack>
  );
}

function PreviewStep({
  preview,
  isImporting,
  progress,
  error,
  onConfirm,
  onRemap,
  onCancel,
}: {
  preview: ImportPreview;
  isImporting: boolean;
  progress: number;
  error: unknown;
  onConfirm: () => void;
  onRemap: (() => void) | undefined;
  onCancel: () => void;
}) {
  const { rows, valid, invalid } = preview.counts;
  const layout = preview.layout === 'export' ? 'this product’s CSV export' : 'your own layout';
  return (
    <Stack gap="sm" component="section" aria-labelledby="import-preview-title">
      <Title order={3} size="h4" id="import-preview-title">
        {preview.fileName}: {plural(rows, 'row', 'rows')} ({layout})
      </Title>
      <Group gap="lg">
        <Text size="sm">
          <strong>{valid.toLocaleString('en-US')}</strong> ready
        </Text>
        <Text size="sm" c={invalid > 0 ? '#a51111' : undefined}>
          <strong>{invalid.toLocaleString('en-US')}</strong> with errors
        </Text>
      </Group>
      {invalid === 0 && preview.rows.some((row) => row.warnings.length > 0) ? (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle aria-hidden />}>
          {plural(
            preview.rows.filter((row) => row.warnings.length > 0).length,
            'row is',
            'rows are',
          )}{' '}
          dated where the hours would not count (before a supervision contract, after it ended or
          before your first class): they will be stored, but not counted. Each says why below.
        </Alert>
      ) : null}
      {invalid > 0 ? (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle aria-hidden />}>
          The import takes every row or none. Correct the rows with errors in your file (the
          messages are the log form’s), then choose it again.
        </Alert>
      ) : null}
      <ImportPreviewTable rows={preview.rows} />
      {isImporting ? (
        <ImportProgress label={`Saving ${plural(valid, 'log', 'logs')}…`} fraction={progress} />
      ) : null}
      {error ? <Failure error={error} /> : null}
      <Group gap="sm">
        <Button onClick={onConfirm} disabled={invalid > 0 || rows === 0} loading={isImporting}>
          Import {plural(valid, 'log', 'logs')}
        </Button>
        {onRemap ? (
          <Button variant="default" onClick={onRemap} disabled={isImporting}>
            Change the columns
          </Button>
        ) : null}
        <Button variant="default" onClick={onCancel} disabled={isImporting}>
          Choose another file
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        Or go back to{' '}
        <Anchor component={Link} to="/student/logHour" size="sm">
          Log experience hours
        </Anchor>
        .
      </Text>
    </Stack>
  );
}
