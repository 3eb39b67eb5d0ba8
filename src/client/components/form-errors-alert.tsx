import { lazy, Suspense } from 'react';

// Most visits of a form never show this box: Mantine's Alert loads with its first message.
const FormErrorsAlertBox = lazy(() => import('./form-errors-alert-box'));

/** The messages a form could not put under a field (see `applyServerErrors`); nothing if none. */
export function FormErrorsAlert({ messages, title }: { messages: string[]; title?: string }) {
  return messages.length > 0 ? (
    <Suspense fallback={null}>
      <FormErrorsAlertBox messages={messages} title={title} />
    </Suspense>
  ) : null;
}
