import {
  AppShell,
  Avatar,
  Burger,
  Group,
  NavLink,
  Stack,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLogout } from '@tabler/icons-react';
import { Suspense, type ReactNode } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { Brand } from '../../components/brand';
import { PageLoadingState } from '../../components/loading-state';
import { OfflineNotice } from '../../components/offline-notice';
import { useLogout } from '../../components/use-logout';
import { useSession } from '../../lib/session';
import classes from './area-layout.module.css';

export type NavItem = { label: string; to: string; icon: ReactNode };

/**
 * The signed-in shell of both areas: header, sidebar (a drawer on phones), content.
 */
export function AreaLayout({
  nav,
  sidebarExtra,
  roleLabel,
}: {
  nav: NavItem[];
  sidebarExtra?: ReactNode;
  roleLabel: string;
}) {
  const [isOpen, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();
  const { user } = useSession();
  const logout = useLogout();

  return (
    <>
      {/* area-fallback.module.css draws this frame while the area loads: keep them in step. */}
      <AppShell
        header={{ height: 60 }}
        navbar={{ width: 280, breakpoint: 'sm', collapsed: { mobile: !isOpen } }}
        padding={{ base: 'sm', sm: 'lg' }}
      >
        <AppShell.Header>
          <Group h="100%" px="md" justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              <Burger
                opened={isOpen}
                onClick={toggle}
                hiddenFrom="sm"
                size="sm"
                aria-label={isOpen ? 'Close navigation' : 'Open navigation'}
              />
              <Brand />
            </Group>
            <Group gap="sm" wrap="nowrap">
              <Stack gap={0} align="flex-end" visibleFrom="xs">
                <Text size="sm" fw={600} lineClamp={1}>
                  {user?.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {roleLabel}
                </Text>
              </Stack>
              {/* The picture once set, initials otherwise; the name beside it says who it is. */}
              <Avatar
                src={user?.profile_pic}
                name={user?.name}
                alt=""
                size={36}
                radius="xl"
                color="brand"
                variant="filled"
                aria-hidden
                data-testid="header-avatar"
              />
            </Group>
          </Group>
        </AppShell.Header>

        <AppShell.Navbar p="sm" aria-label="Main navigation">
          <AppShell.Section grow className={classes.navScroll}>
            <nav>
              <VisuallyHidden>
                <h2>Navigation</h2>
              </VisuallyHidden>
              {nav.map((item) => (
                <NavLink
                  key={item.to}
                  component={Link}
                  to={item.to}
                  label={item.label}
                  leftSection={item.icon}
                  active={pathname === item.to || pathname.startsWith(`${item.to}/`)}
                  aria-current={pathname === item.to ? 'page' : undefined}
                  onClick={close}
                  style={{ borderRadius: 8 }}
                />
              ))}
            </nav>
            {sidebarExtra ? (
              <>
                <div role="separator" aria-orientation="horizontal" className={classes.divider} />
                {sidebarExtra}
              </>
            ) : null}
          </AppShell.Section>
          <AppShell.Section>
            <div role="separator" aria-orientation="horizontal" className={classes.divider} />
            <UnstyledButton onClick={logout} w="100%" p="xs" style={{ borderRadius: 8 }}>
              <Group gap="sm">
                <IconLogout size={18} aria-hidden />
                <Text size="sm">Log out</Text>
              </Group>
            </UnstyledButton>
          </AppShell.Section>
        </AppShell.Navbar>

        <AppShell.Main id="main">
          <OfflineNotice />
          <Suspense fallback={<PageLoadingState />}>
            <Outlet />
          </Suspense>
        </AppShell.Main>
      </AppShell>
    </>
  );
}
