import '../app/styles/components.css';
import { Anchor, Modal, Paper, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import { apiRequest } from '../lib/api-client';
import { Markdown } from './markdown';
import { EmptyState, ErrorState, LoadingState } from './page-state';

export type LegalKind = 'terms' | 'privacy';

const LegalResponseSchema = z.object({ results: z.array(z.object({ body: z.string() })) });

const LEGAL = {
  terms: {
    path: '/modules/terms-and-conditions/',
    title: 'Terms and Conditions',
    empty: 'No Terms and Conditions found',
  },
  privacy: { path: '/modules/privacy-policy/', title: 'Privacy Policy', empty: 'No policy found' },
} as const;

/** GET /modules/terms-and-conditions/ or /modules/privacy-policy/. */
export function useLegalText(kind: LegalKind) {
  return useQuery({
    queryKey: ['legal', kind],
    queryFn: ({ signal }) => apiRequest(LegalResponseSchema, LEGAL[kind].path, { signal }),
    staleTime: Infinity,
  });
}

/** The text of a legal page with its loading, empty and error states. */
export function LegalText({ kind }: { kind: LegalKind }) {
  const query = useLegalText(kind);
  if (query.isPending) return <LoadingState rows={8} label={`Loading ${LEGAL[kind].title}`} />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const body = query.data.results[0]?.body;
  if (!body) return <EmptyState title={LEGAL[kind].empty} />;
  return <Markdown text={body} />;
}

/** A whole page for a legal text (inside a layout). */
export function LegalPage({ kind }: { kind: LegalKind }) {
  return (
    <Paper p={{ base: 'md', sm: 'xl' }} withBorder maw={860}>
      <Title order={1} size="h2" mb="md">
        {LEGAL[kind].title}
      </Title>
      <LegalText kind={kind} />
    </Paper>
  );
}

/** A link that opens a legal text in a full-screen dialog (the registration form's links). */
export function LegalDialogLink({ kind }: { kind: LegalKind }) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <Anchor component="button" type="button" onClick={() => setIsOpen(true)} inherit>
        {LEGAL[kind].title}
      </Anchor>
      <Modal
        opened={isOpen}
        onClose={() => setIsOpen(false)}
        fullScreen
        title={LEGAL[kind].title}
        radius={0}
      >
        <LegalText kind={kind} />
      </Modal>
    </>
  );
}
