import { Button, Container, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconSchool, IconUserCheck } from '@tabler/icons-react';
import { Suspense } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { homePathFor } from '../../../../shared/accounts/account.schema';
import { useSession } from '../../../lib/session';
import classes from './landing-page.module.css';
import { GoogleReturn } from './lazy-google-button';

/**
 * /: "I'm a:" Supervisor or Trainee; a signed-in person goes straight to their area. Back from
 * Google (a `code`, or the `error` of a refused consent), it finishes that sign-in (SPEC §2).
 */
export function LandingPage() {
  const { user, token } = useSession();
  const [params] = useSearchParams();
  if (params.has('code') || (params.has('error') && params.has('state'))) {
    return (
      <Suspense fallback={null}>
        <GoogleReturn />
      </Suspense>
    );
  }
  if (token && user) return <Navigate to={homePathFor(user)} replace />;

  return (
    <Container size={760} py={{ base: 'lg', sm: 48 }} px="sm">
      <Stack gap="xl" align="center" ta="center">
        <Stack gap="xs">
          <Title order={1} size="h1">
            Every fieldwork hour, counted and approved
          </Title>
          <Text c="dimmed" size="lg">
            Trainees log supervised fieldwork for BCBA certification and see at once whether the
            month counts. Supervisors review and sign off in a few clicks.
          </Text>
        </Stack>
        <Paper withBorder p={{ base: 'md', sm: 'xl' }} w="100%">
          <Title order={2} size="h3" mb="md">
            I&apos;m a:
          </Title>
          <div className={classes.choices}>
            <Button
              component={Link}
              to="/login/supervisor"
              size="lg"
              variant="light"
              leftSection={
                <ThemeIcon variant="transparent" aria-hidden>
                  <IconUserCheck />
                </ThemeIcon>
              }
            >
              Supervisor
            </Button>
            <Button
              component={Link}
              to="/login/student"
              size="lg"
              leftSection={
                <ThemeIcon variant="transparent" c="white" aria-hidden>
                  <IconSchool />
                </ThemeIcon>
              }
            >
              Trainee
            </Button>
          </div>
          <Text size="sm" c="dimmed" mt="md">
            Trainees start with a 7-day free trial. Supervisors use Fieldwork Tracker free.
          </Text>
        </Paper>
      </Stack>
    </Container>
  );
}
