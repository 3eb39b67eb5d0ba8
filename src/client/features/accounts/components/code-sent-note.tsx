import { Text } from '@mantine/core';

/** Where the emailed code went and how long it lasts (verification and password reset alike). */
export function CodeSentNote({ email }: { email: string }) {
  return (
    <>
      We sent a 6-digit code to{' '}
      <Text span fw={600} c="dark">
        {email}
      </Text>
      . It is valid for 30 minutes.
    </>
  );
}
