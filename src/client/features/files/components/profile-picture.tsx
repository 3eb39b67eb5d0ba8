import { Avatar, Box, Loader, Overlay, Stack, Text } from '@mantine/core';
import { IconCamera } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useUploadProfilePicture } from '../api/upload-profile-picture';
import { FilePickerButton, useDropTarget } from '../../../components/file-drop';
import { PICKER_ACCEPT, pickOneFile } from './file-choice';

/** Why the server refused a picture: its field message (the content) or its detail (too large). */
function refusalOf(error: unknown): string {
  if (!(error instanceof ApiError)) return 'Image Not Uploaded';
  return Object.values(error.fields)[0]?.[0] ?? error.message;
}

/**
 * The profile picture with "Change picture" (SPEC §2 profile screen): drop an image on it, or
 * choose one with the button. PNG, JPEG or SVG up to 20MB (SPEC §5); the server checks the bytes
 * and decides, and keeps an SVG as the PNG it draws from it.
 */
export function ProfilePicture({
  user,
  size = 72,
}: {
  user: { id: number; name: string; profile_pic: string | null };
  size?: number;
}) {
  const upload = useUploadProfilePicture();
  const [refusal, setRefusal] = useState<string | null>(null);
  const hintId = useId();
  const errorId = useId();

  const onFiles = async (files: File[]) => {
    const picked = pickOneFile(files, 'picture');
    if ('message' in picked) {
      setRefusal(picked.message);
      notifyError(picked.message);
      return;
    }
    setRefusal(null);
    try {
      await upload.mutateAsync({ userId: user.id, file: picked.file });
      notifySuccess('Image Uploaded Successfully');
    } catch (error) {
      setRefusal(refusalOf(error));
      notifyError('Image Not Uploaded');
    }
  };
  const { isDragging, handlers } = useDropTarget((files) => void onFiles(files), upload.isPending);

  return (
    <Stack gap={6} align="center" style={{ flexShrink: 0 }}>
      <Box
        {...handlers}
        pos="relative"
        data-testid="picture-drop"
        style={{
          borderRadius: '50%',
          outline: isDragging ? '3px dashed var(--mantine-color-brand-6)' : undefined,
          outlineOffset: 3,
        }}
      >
        <Avatar
          src={user.profile_pic}
          name={user.name}
          alt=""
          size={size}
          radius="xl"
          color="brand"
          variant="filled"
          aria-hidden
        />
        {upload.isPending ? (
          <Overlay radius="xl" center backgroundOpacity={0.5} aria-hidden>
            <Loader size="sm" color="white" />
          </Overlay>
        ) : null}
      </Box>
      <FilePickerButton
        accept={PICKER_ACCEPT.picture}
        onFiles={(files) => void onFiles(files)}
        size="compact-xs"
        variant="subtle"
        leftSection={<IconCamera size={14} aria-hidden />}
        loading={upload.isPending}
        aria-describedby={refusal ? `${hintId} ${errorId}` : hintId}
      >
        Change picture
      </FilePickerButton>
      <Text id={hintId} size="xs" c="dimmed" ta="center" maw={size + 60}>
        PNG, JPEG or SVG, up to 20MB. You can also drop it on the picture.
      </Text>
      {refusal ? (
        <Text
          id={errorId}
          size="xs"
          c="var(--mantine-color-error)"
          ta="center"
          maw={180}
          role="alert"
        >
          {refusal}
        </Text>
      ) : null}
    </Stack>
  );
}
