import '../app/styles/components.css';
import { Alert } from '@mantine/core';

/** FormErrorsAlert's box, loaded with the first message it shows. */
export default function FormErrorsAlertBox({
  messages,
  title,
}: {
  messages: string[];
  title?: string;
}) {
  return (
    <Alert color="red" variant="light" role="alert" title={title}>
      {messages.join(' ')}
    </Alert>
  );
}
