import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { Brand } from '../components/brand';

/** The 404 page: a way home. */
export function NotFoundPage() {
  return (
    <Center mih="100vh" p="md" component="main">
      <Stack align="center" gap="md" ta="center">
        <Brand size="lg" />
        <Title order={1} size={64} c="brand.7">
          404
        </Title>
        <Text size="lg">We could not find that page.</Text>
        <Button component={Link} to="/">
          Go home
        </Button>
      </Stack>
    </Center>
  );
}

/** The supervisor area's 401 page (SPEC §2). */
export function UnauthorizedPage() {
  return (
    <Center mih="100vh" p="md" component="main">
      <Stack align="center" gap="sm" ta="center">
        <Title order={1}>Oops!</Title>
        <Text fw={700} size="xl" c="red.8">
          401 - UNAUTHORIZED ACCESS
        </Text>
        <Text>The page needs user authorization</Text>
        <Button component={Link} to="/" mt="sm">
          LOGIN NOW
        </Button>
      </Stack>
    </Center>
  );
}
