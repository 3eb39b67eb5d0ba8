import { List, Stack, Text, Title } from '@mantine/core';
import { parseSimpleMarkdown } from '../../shared/content/markdown';

/** Renders the legal texts' simple Markdown as real elements (no raw HTML). */
export function Markdown({ text }: { text: string }) {
  const blocks = parseSimpleMarkdown(text);
  return (
    <Stack gap="sm">
      {blocks.map((block, index) => {
        if (block.type === 'heading') {
          return (
            <Title
              key={index}
              order={block.level === 1 ? 2 : 3}
              size={block.level === 1 ? 'h3' : 'h5'}
              mt="sm"
            >
              {block.text}
            </Title>
          );
        }
        if (block.type === 'list') {
          return (
            <List key={index} spacing={4} size="sm">
              {block.items.map((item, itemIndex) => (
                <List.Item key={itemIndex}>{item}</List.Item>
              ))}
            </List>
          );
        }
        return (
          <Text key={index} size="sm">
            {block.text}
          </Text>
        );
      })}
    </Stack>
  );
}
