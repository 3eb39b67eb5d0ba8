import { Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A page's (or a form's) h1 and the dimmed line under it; `titleId` lets a form name itself. */
export function PageHeader({
  title,
  titleId,
  children,
}: {
  title: ReactNode;
  titleId?: string;
  children: ReactNode;
}) {
  return (
    <div>
      <Title order={1} size="h2" id={titleId}>
        {title}
      </Title>
      <Text c="dimmed" size="sm">
        {children}
      </Text>
    </div>
  );
}
