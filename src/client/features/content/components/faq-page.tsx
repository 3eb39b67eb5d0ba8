import { Accordion, Paper, Stack, Text, Title } from '@mantine/core';
import { FAQ_ITEMS } from '../../../../shared/content/faq';

/** /student/faq: the questions of SPEC §1, one open at a time. */
export function FaqPage() {
  return (
    <Stack gap="md" maw={860}>
      <div>
        <Title order={1} size="h2">
          Frequently asked questions
        </Title>
        <Text c="dimmed" size="sm">
          Short answers about fieldwork, supervision and how Fieldwork Tracker keeps your records.
        </Text>
      </div>
      <Paper withBorder>
        <Accordion variant="default" chevronPosition="right">
          {FAQ_ITEMS.map((item, index) => (
            <Accordion.Item key={item.question} value={`faq-${index}`}>
              <Accordion.Control>
                <Text component="span" fw={600}>
                  {item.question}
                </Text>
              </Accordion.Control>
              <Accordion.Panel>
                <Text size="sm">{item.answer}</Text>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      </Paper>
    </Stack>
  );
}
