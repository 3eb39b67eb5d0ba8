import type { ComboboxItem, ComboboxItemGroup } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { buildTaskOptions, makeTaskFilter } from './task-options';

const idsOf = (groups: ComboboxItemGroup<ComboboxItem>[]) =>
  groups.flatMap((group) => group.items.map((item) => item.value));

function search(text: string, selected: string[] = []) {
  const { data, haystacks } = buildTaskOptions('v6', selected);
  const found = makeTaskFilter(haystacks)({ options: data, search: text, limit: Infinity });
  return found
    .flatMap((option) => ('group' in option ? option.items : [option]))
    .map((item) => item.value);
}

describe('buildTaskOptions', () => {
  it('offers the 104 tasks of the 6th Edition in nine domains, labelled with id and text', () => {
    const { data } = buildTaskOptions('v6', []);
    expect(data).toHaveLength(9);
    expect(idsOf(data)).toHaveLength(104);
    expect(data[0]?.group).toBe('A. Behaviorism and Philosophical Foundations');
    expect(data[0]?.items[0]?.label).toMatch(/^A\.1 Identify the goals of behavior analysis/);
  });

  it('keeps the picked tasks of the other edition in a group of their own', () => {
    const { data } = buildTaskOptions('v6', ['A.1', 'B-1', 'E-10']);
    const legacy = data.at(-1);
    expect(legacy?.group).toBe('Already on this log (other edition)');
    expect(legacy?.items.map((item) => item.value)).toEqual(['B-1', 'E-10']);
    expect(legacy?.items[1]?.label).toBe('E-10');
  });
});

describe('the task search', () => {
  const cases: [string, string, (ids: string[]) => void][] = [
    ['an id with its dot', 'F.6', (ids) => expect(ids).toEqual(['F.6'])],
    ['an id without its dot', 'f6', (ids) => expect(ids).toEqual(['F.6'])],
    [
      'words in any order, all required',
      'assessments preference',
      (ids) => expect(ids).toEqual(['F.4']),
    ],
    [
      'a domain name',
      'personnel supervision',
      (ids) => expect(ids.every((id) => id.startsWith('I.'))).toBe(true),
    ],
    ['nothing typed: everything', '  ', (ids) => expect(ids).toHaveLength(104)],
    ['no match', 'zebra', (ids) => expect(ids).toEqual([])],
  ];
  it.each(cases)('finds tasks by %s', (_name, text, check) => {
    check(search(text));
  });
});
