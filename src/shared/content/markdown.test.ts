import { describe, expect, it } from 'vitest';
import { parseSimpleMarkdown, type MarkdownBlock } from './markdown';

describe('parseSimpleMarkdown', () => {
  it.each<[string, string, MarkdownBlock[]]>([
    ['empty text', '', []],
    ['blank lines only', '\n  \n\n', []],
    ['a heading', '## Accounts', [{ type: 'heading', level: 2, text: 'Accounts' }]],
    [
      'heading levels 1 to 6',
      '# One\n###### Six',
      [
        { type: 'heading', level: 1, text: 'One' },
        { type: 'heading', level: 6, text: 'Six' },
      ],
    ],
    ['closing hashes', '## Contact ##', [{ type: 'heading', level: 2, text: 'Contact' }]],
    ['a hash without a space is text', '#hashtag', [{ type: 'paragraph', text: '#hashtag' }]],
    ['seven hashes are text', '####### Seven', [{ type: 'paragraph', text: '####### Seven' }]],
    ['a paragraph', 'Hello there.', [{ type: 'paragraph', text: 'Hello there.' }]],
    [
      'lines of one paragraph joined with a space',
      'First line\nsecond line',
      [{ type: 'paragraph', text: 'First line second line' }],
    ],
    [
      'paragraphs split by a blank line',
      'One.\n\nTwo.',
      [
        { type: 'paragraph', text: 'One.' },
        { type: 'paragraph', text: 'Two.' },
      ],
    ],
    ['a list with each bullet style', '- a\n* b\n+ c', [{ type: 'list', items: ['a', 'b', 'c'] }]],
    [
      'an indented line continues the item',
      '- first\n  continued\n- second',
      [{ type: 'list', items: ['first continued', 'second'] }],
    ],
    [
      'an unindented line after a list starts a paragraph',
      '- item\nAfter.',
      [
        { type: 'list', items: ['item'] },
        { type: 'paragraph', text: 'After.' },
      ],
    ],
    [
      'a blank line ends a list',
      '- a\n\n- b',
      [
        { type: 'list', items: ['a'] },
        { type: 'list', items: ['b'] },
      ],
    ],
    [
      'a list right after a paragraph line',
      'You can:\n- access\n- export',
      [
        { type: 'paragraph', text: 'You can:' },
        { type: 'list', items: ['access', 'export'] },
      ],
    ],
    [
      'a heading right after a paragraph line',
      'Text\n## Next',
      [
        { type: 'paragraph', text: 'Text' },
        { type: 'heading', level: 2, text: 'Next' },
      ],
    ],
    [
      'Windows line endings',
      '## A\r\nB\r\n\r\n- c',
      [
        { type: 'heading', level: 2, text: 'A' },
        { type: 'paragraph', text: 'B' },
        { type: 'list', items: ['c'] },
      ],
    ],
    [
      'inline markup kept as text',
      'Use **bold** and <b>tags</b>',
      [{ type: 'paragraph', text: 'Use **bold** and <b>tags</b>' }],
    ],
    ['a dash without a space is text', '-5 hours', [{ type: 'paragraph', text: '-5 hours' }]],
  ])('parses %s', (_, text, blocks) => {
    expect(parseSimpleMarkdown(text)).toEqual(blocks);
  });
});
