import { Anchor, List, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';

/**
 * SPEC gives no address for the blank forms: the BACB's BCBA page lists the current M-FVF and
 * F-FVF for individual supervisors and for organizations.
 */
const BACB_FORMS_URL = 'https://www.bacb.com/bcba/';

function BacbLink({ children }: { children: string }) {
  return (
    <Anchor href={BACB_FORMS_URL} target="_blank" rel="noopener noreferrer" size="sm">
      {children}
      <VisuallyHidden> (BACB website, opens in a new tab)</VisuallyHidden>
      <IconExternalLink size={14} aria-hidden style={{ marginLeft: 4, verticalAlign: -2 }} />
    </Anchor>
  );
}

/** What the forms are, their deadline and how long to keep them (SPEC §2 /student/upload). */
export function FieldworkFormsInfo() {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="forms-info">
      <Stack gap="sm">
        <Title order={2} size="h4" id="forms-info">
          About the verification forms
        </Title>
        <List size="sm" spacing="xs">
          <List.Item>
            <Text span fw={600} size="sm">
              Monthly Fieldwork Verification Form (M-FVF):
            </Text>{' '}
            one for each supervisor and month, or one for each organization and month for the
            supervisors you list at one. You and your supervisor sign it by the last day of the
            month after the supervision month; hours of a month whose form is signed late do not
            count.
          </List.Item>
          <List.Item>
            <Text span fw={600} size="sm">
              Final Fieldwork Verification Form (F-FVF):
            </Text>{' '}
            one for each supervision experience, sent with your application.
          </List.Item>
          <List.Item>
            You and your supervisor each keep a copy of every form for at least seven years: the
            BACB may ask for them in an audit.
          </List.Item>
        </List>
        <Text size="sm">
          Below, the app fills and signs the BACB’s forms from your logs. To fill a blank one by
          hand instead, download it and use a PDF reader (a browser’s PDF view may not keep what you
          type):
        </Text>
        <Stack gap={4}>
          <BacbLink>Blank forms for individual supervisors</BacbLink>
          <BacbLink>Blank forms for organizations</BacbLink>
        </Stack>
      </Stack>
    </Paper>
  );
}
