import { Stack } from '@mantine/core';
import { useLocation } from 'react-router';
import { EditionToggle } from '../../features/logs/components/edition-toggle';
import { AccruedTables } from '../../features/progress/components/accrued-tables';

/** The trainee sidebar under the links: the edition toggle and the accrued tables (SPEC §2). */
export default function StudentSidebarExtra() {
  const { pathname } = useLocation();
  return (
    <Stack gap="md">
      <EditionToggle isOnLogScreen={pathname === '/student/logHour'} />
      <AccruedTables />
    </Stack>
  );
}
