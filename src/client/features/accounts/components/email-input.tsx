import { TextInput, type TextInputProps } from '@mantine/core';
import type { Ref } from 'react';

/** The account forms' email field; the form's `register(...)` and error come in as props. */
export function EmailInput(props: TextInputProps & { ref?: Ref<HTMLInputElement> }) {
  return <TextInput label="Email" type="email" autoComplete="email" required {...props} />;
}
