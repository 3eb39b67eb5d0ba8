/** A block of simple Markdown: a heading, a paragraph or a bullet list. */
export type MarkdownBlock =
  | { type: 'heading'; level: number; text: string }
  | { type: 'paragraph'; text: string }
  | { type: 'list'; items: string[] };

const HEADING = /^(#{1,6})\s+(.*?)(?:\s+#+)?\s*$/;
const LIST_ITEM = /^\s*[-*+]\s+(.*)$/;

/**
 * The legal texts' Markdown subset, so the client renders elements, not raw HTML: headings,
 * paragraphs, `-`/`*`/`+` lists (an indented line continues the item); the rest is plain text.
 */
export function parseSimpleMarkdown(text: string): MarkdownBlock[] {
  const blocks: MarkdownBlock[] = [];
  let paragraph: string[] = [];
  let list: string[] | null = null;

  const closeParagraph = () => {
    if (paragraph.length > 0) blocks.push({ type: 'paragraph', text: paragraph.join(' ') });
    paragraph = [];
  };
  const closeList = () => {
    if (list && list.length > 0) blocks.push({ type: 'list', items: list });
    list = null;
  };

  for (const rawLine of text.split(/\r\n|\r|\n/)) {
    const line = rawLine.trim();
    if (line === '') {
      closeParagraph();
      closeList();
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      closeParagraph();
      closeList();
      const [, hashes = '#', headingText = ''] = heading;
      blocks.push({ type: 'heading', level: hashes.length, text: headingText });
      continue;
    }
    const item = LIST_ITEM.exec(rawLine);
    if (item) {
      closeParagraph();
      list ??= [];
      list.push((item[1] ?? '').trim());
      continue;
    }
    const isContinuation = /^\s/.test(rawLine);
    if (list && isContinuation) {
      const last = list.length - 1;
      list[last] = `${list[last] ?? ''} ${line}`;
      continue;
    }
    closeList();
    paragraph.push(line);
  }
  closeParagraph();
  closeList();
  return blocks;
}
