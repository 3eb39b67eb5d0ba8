import type {
  ComboboxItem,
  ComboboxItemGroup,
  ComboboxParsedItem,
  OptionsFilter,
} from '@mantine/core';
import {
  findTask,
  taskDomains,
  type TaskListVersion,
} from '../../../../shared/reference/task-lists';

/** The picker's grouped options and, per task id, the text a search is matched against. */
export type TaskOptions = {
  data: ComboboxItemGroup<ComboboxItem>[];
  /** What a search is matched against, per task id: id (with and without its dot), text, domain. */
  haystacks: ReadonlyMap<string, string>;
};

const LEGACY_GROUP = 'Already on this log (other edition)';

/**
 * The tasks of an edition grouped by domain, labelled '{id} {text}', plus any picked tasks of the
 * other edition (a legacy log keeps its 5th-edition tasks) in a group of their own.
 */
export function buildTaskOptions(
  version: TaskListVersion,
  selected: readonly string[],
): TaskOptions {
  const haystacks = new Map<string, string>();
  const data: ComboboxItemGroup<ComboboxItem>[] = taskDomains(version).map((domain) => ({
    group: `${domain.section}. ${domain.title}`,
    items: domain.tasks.map((task) => {
      haystacks.set(
        task.id,
        `${task.id} ${task.id.replace(/[.-]/g, '')} ${task.text} ${domain.title}`.toLowerCase(),
      );
      return { value: task.id, label: `${task.id} ${task.text}` };
    }),
  }));
  const others = selected.filter((id) => !haystacks.has(id));
  if (others.length > 0) {
    data.push({
      group: LEGACY_GROUP,
      items: others.map((id) => {
        const task = findTask(id);
        const label = task ? `${task.id} ${task.text}` : id;
        haystacks.set(id, label.toLowerCase());
        return { value: id, label };
      }),
    });
  }
  return { data, haystacks };
}

/** Every word typed must appear in the task's id, text or domain: 'preference assess', 'b12'. */
export function makeTaskFilter(haystacks: ReadonlyMap<string, string>): OptionsFilter {
  return ({ options, search }) => {
    const terms = search.toLowerCase().split(/\s+/).filter(Boolean);
    if (terms.length === 0) return options;
    const matches = (item: ComboboxItem) => {
      const haystack = haystacks.get(item.value) ?? item.label.toLowerCase();
      return terms.every((term) => haystack.includes(term));
    };
    return options.flatMap((option): ComboboxParsedItem[] => {
      if ('group' in option) {
        const items = option.items.filter(matches);
        return items.length > 0 ? [{ ...option, items }] : [];
      }
      return matches(option) ? [option] : [];
    });
  };
}
