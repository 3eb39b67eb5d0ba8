import { Button, Paper, Stack, Text, type ButtonProps } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useId, useRef, useState, type DragEvent, type ReactNode } from 'react';

/** Drop handlers for an element, and whether a file is being dragged over it. */
export function useDropTarget(onFiles: (files: File[]) => void, isDisabled = false) {
  const [isDragging, setIsDragging] = useState(false);
  const onDragOver = (event: DragEvent) => {
    event.preventDefault();
    if (!isDisabled) setIsDragging(true);
  };
  return {
    isDragging,
    handlers: {
      onDragOver,
      onDragEnter: onDragOver,
      onDragLeave: () => setIsDragging(false),
      onDrop: (event: DragEvent) => {
        event.preventDefault();
        setIsDragging(false);
        if (!isDisabled) onFiles([...event.dataTransfer.files]);
      },
    },
  };
}

/** A real button that opens the system's file picker: the keyboard's way to choose a file. */
export function FilePickerButton({
  accept,
  onFiles,
  children,
  ...buttonProps
}: ButtonProps & {
  accept: string;
  onFiles: (files: File[]) => void;
  children: ReactNode;
  'aria-describedby'?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button {...buttonProps} onClick={() => input.current?.click()}>
        {children}
      </Button>
      <input
        ref={input}
        type="file"
        accept={accept}
        hidden
        tabIndex={-1}
        onChange={(event) => {
          onFiles([...(event.currentTarget.files ?? [])]);
          // The same file chosen again after a refusal is a new choice.
          event.currentTarget.value = '';
        }}
      />
    </>
  );
}

type FileDropProps = {
  label: string;
  /** What may be chosen, e.g. 'PDF, PNG or JPEG, up to 20MB'. */
  hint: string;
  /** The file picker's `accept`. */
  accept: string;
  /** What is chosen now (or stored), shown under the button. */
  chosen?: ReactNode;
  error?: string | undefined;
  isRequired?: boolean;
  isDisabled?: boolean;
  /** Every file dropped or picked; the caller decides what to keep. */
  onFiles: (files: File[]) => void;
};

/**
 * A file chosen by dropping it on the area or, by keyboard, with a real button that opens the
 * system's file picker (SPEC §2: drag-and-drop or file upload).
 */
export function FileDrop({
  label,
  hint,
  accept,
  chosen,
  error,
  isRequired = false,
  isDisabled = false,
  onFiles,
}: FileDropProps) {
  const { isDragging, handlers } = useDropTarget(onFiles, isDisabled);
  const labelId = useId();
  const hintId = useId();
  const errorId = useId();

  return (
    <div role="group" aria-labelledby={labelId}>
      <Text id={labelId} size="sm" fw={500} mb={4}>
        {label}
        {isRequired ? (
          <Text component="span" c="var(--mantine-color-error)" aria-hidden>
            {' *'}
          </Text>
        ) : null}
      </Text>
      <Paper
        withBorder
        p="md"
        {...handlers}
        data-testid="file-drop"
        style={{
          borderStyle: 'dashed',
          borderWidth: 2,
          borderColor: error
            ? 'var(--mantine-color-error)'
            : isDragging
              ? 'var(--mantine-color-brand-6)'
              : undefined,
          background: isDragging ? 'var(--mantine-color-brand-0)' : undefined,
        }}
      >
        <Stack align="center" gap={6}>
          <IconUpload size={24} aria-hidden />
          <Text size="sm" ta="center">
            Drag and drop the file here, or
          </Text>
          <FilePickerButton
            accept={accept}
            onFiles={onFiles}
            variant="light"
            size="xs"
            disabled={isDisabled}
            aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          >
            Choose file
          </FilePickerButton>
          <Text id={hintId} size="xs" c="dimmed" ta="center">
            {hint}
          </Text>
          {chosen ? (
            <Text size="sm" ta="center" style={{ overflowWrap: 'anywhere' }} aria-live="polite">
              {chosen}
            </Text>
          ) : null}
        </Stack>
      </Paper>
      {error ? (
        <Text id={errorId} c="var(--mantine-color-error)" size="xs" mt={4}>
          {error}
        </Text>
      ) : null}
    </div>
  );
}
