import { Text } from '@mantine/core';
import { createContext, useContext, type ReactNode } from 'react';

/** The supervisor's flags on a log (SPEC §3 `data`): field → flagged, with an optional comment. */
export type FieldFlags = Readonly<
  Record<string, { flagged: boolean; comment?: string | undefined }>
>;

type MarkedField = {
  label: ReactNode;
  description?: ReactNode;
  inputWrapperOrder?: ('label' | 'input' | 'description' | 'error')[];
};

/**
 * A field's label and description, marked when the supervisor flagged it: '(Flagged)' beside the
 * label and the supervisor's comment under the field (SPEC §2 /student/edit-resend).
 */
export function markFlagged(
  flags: FieldFlags,
  field: string,
  label: string,
  description?: ReactNode,
): MarkedField {
  const flag = flags[field];
  if (!flag?.flagged) return { label, description };
  const comment = flag.comment?.trim();
  return {
    label: (
      <>
        {label}{' '}
        <Text span inherit c="red.8" fw={700}>
          (Flagged)
        </Text>
      </>
    ),
    description:
      description || comment ? (
        <>
          {description}
          {comment ? (
            <Text span inherit display="block" c="red.9" fw={500}>
              Supervisor’s comment: {comment}
            </Text>
          ) : null}
        </>
      ) : undefined,
    inputWrapperOrder: ['label', 'input', 'description', 'error'],
  };
}

const FieldFlagsContext = createContext<FieldFlags>({});

/** Gives the fields inside it the flags of the log being corrected. */
export const FieldFlagsProvider = FieldFlagsContext.Provider;

/** `markFlagged` with the flags of the surrounding form. */
export function useMarkFlagged(): (
  field: string,
  label: string,
  description?: ReactNode,
) => MarkedField {
  const flags = useContext(FieldFlagsContext);
  return (field, label, description) => markFlagged(flags, field, label, description);
}
