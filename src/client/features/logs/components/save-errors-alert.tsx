import { Alert, List } from '@mantine/core';

/** Why the last save failed: the server's messages, listed (log-form-notices.tsx). */
export default function SaveErrorsAlert({ messages }: { messages: readonly string[] }) {
  return (
    <Alert color="red" variant="light" role="alert" title="The entry was not saved">
      <List size="sm" spacing={2}>
        {messages.map((message) => (
          <List.Item key={message}>{message}</List.Item>
        ))}
      </List>
    </Alert>
  );
}
