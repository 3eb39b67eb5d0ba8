import { Alert, Button, Group, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import {
  ContractEditSchema,
  type Contract,
  type ContractVersion,
} from '../../../../shared/contracts/contract.schema';
import { CONTRACT_SECTION_GUIDE } from '../../../../shared/contracts/contract-template';
import { ApiError } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { useEditContractVersion } from '../api/edit-contract-version';

type Draft = { title: string; bodies: Record<string, string> };

const draftOf = (version: ContractVersion): Draft => ({
  title: version.title,
  bodies: Object.fromEntries(version.sections.map((section) => [section.id, section.body])),
});

const isSameDraft = (a: Draft, b: Draft) =>
  a.title === b.title && Object.entries(a.bodies).every(([id, body]) => b.bodies[id] === body);

/** The field a server message names: 'title', or 'sections.3.body' → that section's id. */
function fieldOf(key: string, version: ContractVersion): string {
  const index = /^sections\.(\d+)/.exec(key)?.[1];
  return index === undefined ? key : (version.sections[Number(index)]?.id ?? key);
}

/** A refused save's messages under their fields (the title, a section), the rest as `other`. */
function placeServerErrors(error: unknown, version: ContractVersion): Record<string, string> {
  if (!(error instanceof ApiError)) return { other: 'The contract could not be saved. Try again.' };
  const fields = new Set(['title', ...version.sections.map((section) => section.id)]);
  const placed: Record<string, string> = {};
  const other: string[] = Object.keys(error.fields).length === 0 ? [error.message] : [];
  for (const [key, messages] of Object.entries(error.fields)) {
    const field = fieldOf(key, version);
    if (fields.has(field) && messages[0]) placed[field] ??= messages[0];
    else other.push(...messages);
  }
  return other.length > 0 ? { ...placed, other: other.join(' ') } : placed;
}

/**
 * The version's text while nobody has signed it: the title and each element of the template
 * (every element the Handbook's "Supervision Contract" lists; none can be dropped) as its own
 * text area, saved with the revision it started from. An edit made elsewhere meanwhile is
 * refused (409) and said, with the way to read the new text.
 */
export function ContractEditor({
  contract,
  version,
  onDirtyChange,
}: {
  contract: Contract;
  version: ContractVersion;
  onDirtyChange: (isDirty: boolean) => void;
}) {
  const edit = useEditContractVersion();
  const [base, setBase] = useState(() => ({ revision: version.revision, draft: draftOf(version) }));
  const [draft, setDraft] = useState(base.draft);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [conflict, setConflict] = useState<string | null>(null);
  const isDirty = !isSameDraft(draft, base.draft);

  // A newer revision read from the server replaces the text, unless the person is mid-edit.
  useEffect(() => {
    if (version.revision === base.revision) return;
    if (isDirty) return;
    const next = { revision: version.revision, draft: draftOf(version) };
    setBase(next);
    setDraft(next.draft);
  }, [version, base.revision, isDirty]);

  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);

  const loadLatest = () => {
    const next = { revision: version.revision, draft: draftOf(version) };
    setBase(next);
    setDraft(next.draft);
    setConflict(null);
    setErrors({});
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = {
      title: draft.title,
      sections: version.sections.map((section) => ({
        id: section.id,
        body: draft.bodies[section.id] ?? '',
      })),
      revision: base.revision,
    };
    const parsed = ContractEditSchema.safeParse(body);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const key = fieldOf(issue.path.join('.'), version);
        found[key] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      const saved = await edit.mutateAsync({
        id: contract.id,
        version: version.version,
        ...parsed.data,
      });
      const savedVersion = saved.versions.find((v) => v.version === version.version);
      if (savedVersion) {
        const next = { revision: savedVersion.revision, draft: draftOf(savedVersion) };
        setBase(next);
        setDraft(next.draft);
      }
      notifySuccess('Contract saved');
    } catch (error) {
      if (error instanceof ApiError && error.code === 'CONFLICT') {
        setConflict(error.message);
        return;
      }
      setErrors(placeServerErrors(error, version));
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-busy={edit.isPending}>
      <Stack gap="md">
        <TextInput
          label="Title"
          required
          maxLength={200}
          value={draft.title}
          onChange={(event) => {
            const title = event.currentTarget.value;
            setDraft((current) => ({ ...current, title }));
          }}
          error={errors.title}
        />
        {version.sections.map((section) => (
          <Textarea
            key={section.id}
            id={`contract-section-${section.id}`}
            label={
              <Title order={3} size="h5" component="span">
                {section.title}
              </Title>
            }
            description={CONTRACT_SECTION_GUIDE[section.id]?.hint}
            required
            autosize
            minRows={3}
            maxRows={16}
            value={draft.bodies[section.id] ?? ''}
            onChange={(event) => {
              const body = event.currentTarget.value;
              setDraft((current) => ({
                ...current,
                bodies: { ...current.bodies, [section.id]: body },
              }));
            }}
            error={errors[section.id]}
          />
        ))}
        {conflict ? (
          <Alert
            color="orange"
            role="alert"
            title="The contract changed"
            styles={{ title: { color: 'var(--mantine-color-dark-8)' } }}
          >
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{conflict}</Text>
              <Button size="xs" variant="white" color="orange" onClick={loadLatest}>
                Load the latest text (your changes are dropped)
              </Button>
            </Stack>
          </Alert>
        ) : null}
        {errors.other ? (
          <Alert color="red" role="alert">
            {errors.other}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Text size="sm" c="dimmed" aria-live="polite">
            {isDirty ? 'Unsaved changes' : 'All changes saved'}
          </Text>
          <Button
            variant="default"
            onClick={() => {
              setDraft(base.draft);
              setErrors({});
            }}
            disabled={!isDirty || edit.isPending}
          >
            Undo changes
          </Button>
          <Button type="submit" loading={edit.isPending} disabled={!isDirty}>
            Save changes
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
