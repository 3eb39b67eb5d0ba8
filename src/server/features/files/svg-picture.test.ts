import { describe, expect, it } from 'vitest';
import { svgPictureProblem, type SvgPictureProblem } from './svg-picture';

const svg = (body: string, attributes = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10"${attributes}>${body}</svg>`;
const LAUGHS =
  '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "lol"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]>' +
  svg('<text>&c;</text>');

describe('svgPictureProblem', () => {
  it.each<[string, string, SvgPictureProblem | null]>([
    // Drawn: what runs in a browser never runs in a PNG.
    ['a script element', svg('<script>alert(1)</script><rect width="5" height="5"/>'), null],
    ['an onload handler', svg('<rect width="5" height="5"/>', ' onload="alert(1)"'), null],
    ['a link to one of its own elements', svg('<use href="#a"/><use xlink:href="#b"/>'), null],
    ['an embedded PNG', svg('<image href="data:image/png;base64,iVBOR" />'), null],
    ['an embedded JPEG, in capitals', svg('<image href="DATA:IMAGE/JPEG;base64,/9j/"/>'), null],
    ['a bare doctype', `<!DOCTYPE svg>${svg('')}`, null],
    ['a comment and CDATA', svg('<!-- a --><style><![CDATA[rect{fill:red}]]></style>'), null],
    ['a local link spelled with spaces', svg('<use href = " #a "/>'), null],
    // Refused: what would make resvg read another file, or a DTD.
    ['an image on the web', svg('<image href="http://169.254.169.254/x.png"/>'), 'links'],
    ['a file of the server', svg('<image xlink:href="/etc/ssl/private/key.png"/>'), 'links'],
    ['a file: URL', svg("<image href='file:///etc/x.png'/>"), 'links'],
    ['a relative path', svg('<image href="../data/files/pictures/2/a.png"/>'), 'links'],
    ['a filter image', svg('<filter id="f"><feImage href="/etc/x.png"/></filter>'), 'links'],
    ['another SVG file', svg('<use href="/srv/other.svg#r"/>'), 'links'],
    ['an embedded SVG (its own links)', svg('<image href="data:image/svg+xml,<svg/>"/>'), 'links'],
    ['a path hidden in character references', svg('<image href="&#47;etc&#x2F;x.png"/>'), 'links'],
    [
      'a link under another prefix',
      svg('<image my:href="/etc/x.png" xmlns:my="http://www.w3.org/1999/xlink"/>'),
      'links',
    ],
    ['an unknown entity in a link', svg('<image href="&path;"/>'), 'links'],
    ['a hyperlink away', svg('<a href="javascript:alert(1)"><rect/></a>'), 'links'],
    [
      'an external entity (XXE)',
      `<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>${svg('<text>&x;</text>')}`,
      'declarations',
    ],
    ['billion laughs', LAUGHS, 'declarations'],
    [
      'a default attribute from the DTD',
      `<!DOCTYPE svg [<!ATTLIST image href CDATA "/etc/x.png">]>${svg('<image/>')}`,
      'declarations',
    ],
    [
      'a declaration behind a quoted >',
      `<!DOCTYPE svg PUBLIC "a>b" "c" [ <!ELEMENT svg ANY> ]>${svg('')}`,
      'declarations',
    ],
  ])('%s → %s', (_name, text, problem) => {
    expect(svgPictureProblem(text)).toBe(problem);
  });
});
