import { Alert } from '@mantine/core';

/** The messages a form could not put under a field (see `applyServerErrors`); nothing if none. */
export function FormErrorsAlert({ messages, title }: { messages: string[]; title?: string }) {
  return messages.length > 0 ? (
    <Alert color="red" variant="light" role="alert" title={title}>
      {messages.join(' ')}
    </Alert>
  ) : null;
}
