import { Center, Container, Paper } from '@mantine/core';
import type { ReactNode } from 'react';

/** The card every signed-out form sits in. */
export function AuthCard({ children, width = 460 }: { children: ReactNode; width?: number }) {
  return (
    <Container size={width} px="sm" py={{ base: 'md', sm: 'xl' }}>
      <Center>
        <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }} w="100%">
          {children}
        </Paper>
      </Center>
    </Container>
  );
}
