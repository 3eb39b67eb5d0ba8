import { describe, expect, it } from 'vitest';
import {
  TASK_LIST_SOURCE,
  TASK_LIST_VERSIONS,
  TASKS_V5,
  TASKS_V6,
  TaskItemSchema,
  TaskListItemSchema,
  findTask,
  taskDomains,
  taskVersionOf,
  tasksFor,
  toTaskItem,
  type TaskListVersion,
} from './task-lists';

const DOMAIN_COUNTS: Record<TaskListVersion, Record<string, number>> = {
  v6: { A: 5, B: 24, C: 12, D: 9, E: 12, F: 8, G: 19, H: 8, I: 7 },
  v5: { A: 5, B: 15, C: 11, D: 6, E: 7, F: 9, G: 22, H: 9, I: 8 },
};

describe('task lists', () => {
  it('lists v6 first, as the default edition', () => {
    expect(TASK_LIST_VERSIONS).toEqual(['v6', 'v5']);
  });

  it.each([
    ['v6', TASKS_V6, 104, 'A.1', 'I.7'],
    ['v5', TASKS_V5, 92, 'A-1', 'I-8'],
  ] as const)('holds the %s list: %i tasks from %s to %s', (version, tasks, count, first, last) => {
    expect(tasks).toHaveLength(count);
    expect(tasks[0]?.id).toBe(first);
    expect(tasks.at(-1)?.id).toBe(last);
    expect(tasksFor(version)).toBe(tasks);
    expect(tasks.every((task) => task.version === version)).toBe(true);
  });

  it.each(TASK_LIST_VERSIONS)(
    'has the per-domain task counts of data/README.md (%s)',
    (version) => {
      const counts = Object.fromEntries(
        taskDomains(version).map((domain) => [domain.section, domain.tasks.length]),
      );
      expect(counts).toEqual(DOMAIN_COUNTS[version]);
    },
  );

  it('gives the domains in order A to I with their titles', () => {
    const domains = taskDomains('v6');
    expect(domains.map((domain) => domain.section).join('')).toBe('ABCDEFGHI');
    expect(domains[0]?.title).toBe('Behaviorism and Philosophical Foundations');
    expect(domains[8]?.title).toBe('Personnel Supervision and Management');
    expect(domains[1]?.tasks.map((task) => task.id).slice(0, 3)).toEqual(['B.1', 'B.2', 'B.3']);
  });

  it('carries the exam question counts of the 6th edition domains (175 in all), none for v5', () => {
    const v6 = taskDomains('v6').map((domain) => domain.questionCount);
    expect(v6).toEqual([8, 24, 21, 13, 22, 23, 25, 20, 19]);
    expect(v6.reduce((sum, count) => (sum ?? 0) + (count ?? 0), 0)).toBe(175);
    expect(taskDomains('v5').every((domain) => domain.questionCount === null)).toBe(true);
  });

  it('numbers every domain 1..n without gaps', () => {
    for (const version of TASK_LIST_VERSIONS) {
      for (const domain of taskDomains(version)) {
        const numbers = domain.tasks.map((task) => Number(task.id.slice(2)));
        expect(numbers).toEqual(numbers.map((_, index) => index + 1));
      }
    }
  });

  it('holds the 08/2024 version of the 5th edition: seven ethics items, not ten', () => {
    expect(taskDomains('v5')[4]?.tasks.map((task) => task.id)).toEqual([
      'E-1',
      'E-2',
      'E-3',
      'E-4',
      'E-5',
      'E-6',
      'E-7',
    ]);
  });
});

describe('findTask', () => {
  it.each([
    ['A.1', 'v6', 'Identify the goals of behavior analysis as a science'],
    ['I.7', 'v6', undefined],
    ['A-3', 'v5', 'Describe and explain behavior from the perspective of radical behaviorism.'],
    ['I-8', 'v5', undefined],
  ] as const)('finds %s in %s', (id, version, textStart) => {
    const task = findTask(id);
    expect(task?.id).toBe(id);
    expect(task?.version).toBe(version);
    if (textStart) expect(task?.text.startsWith(textStart)).toBe(true);
  });

  it.each(['E-10', 'E-8', 'J.1', 'A.6', 'a.1', '', 'A1'])('returns undefined for %j', (id) => {
    expect(findTask(id)).toBeUndefined();
  });
});

describe('taskVersionOf', () => {
  it.each([
    ['A.1', 'v6'],
    ['I.7', 'v6'],
    ['B.24', 'v6'],
    ['A-1', 'v5'],
    ['E-10', 'v5'],
    ['G-22', 'v5'],
    ['A1', undefined],
    ['', undefined],
    ['Z.1', undefined],
  ] as const)('reads %j as %s', (id, version) => {
    expect(taskVersionOf(id)).toBe(version);
  });
});

describe('TaskListItemSchema', () => {
  it('rejects an id that does not start with its section letter', () => {
    const result = TaskListItemSchema.safeParse({
      id: 'B.1',
      section: 'A',
      sectionTitle: 'Behaviorism and Philosophical Foundations',
      text: 'x',
    });
    expect(result.success).toBe(false);
  });

  it('rejects an empty text', () => {
    const result = TaskListItemSchema.safeParse({
      id: 'A.1',
      section: 'A',
      sectionTitle: 'Behaviorism and Philosophical Foundations',
      text: '',
    });
    expect(result.success).toBe(false);
  });
});

describe('toTaskItem', () => {
  it('maps a task to the wire shape whose name starts with the task code', () => {
    const task = TASKS_V6[0];
    if (!task) throw new Error('no tasks');
    const item = toTaskItem(task);
    expect(item).toEqual({
      id: 'A.1',
      name: `A.1 ${task.text}`,
      description: task.text,
      version: 'v6',
    });
    expect(item.name.split(' ')[0]).toBe(item.id);
    expect(TaskItemSchema.parse(item)).toEqual(item);
  });

  it('keeps the dash code of a 5th edition task', () => {
    const task = findTask('C-11');
    if (!task) throw new Error('C-11 missing');
    expect(toTaskItem(task).name.split(' ')[0]).toBe('C-11');
    expect(toTaskItem(task).version).toBe('v5');
  });
});

describe('TASK_LIST_SOURCE', () => {
  it('names the document, its revision and the BACB copyright for each edition', () => {
    expect(TASK_LIST_SOURCE.v6.line).toContain('BCBA Test Content Outline, 6th ed.');
    expect(TASK_LIST_SOURCE.v6.line).toContain('09/2024');
    expect(TASK_LIST_SOURCE.v6.line).toContain(
      'Copyright 2022 Behavior Analyst Certification Board',
    );
    expect(TASK_LIST_SOURCE.v5.line).toContain('BCBA Task List, 5th ed.');
    expect(TASK_LIST_SOURCE.v5.line).toContain('08/2024');
    expect(TASK_LIST_SOURCE.v5.line).toContain(
      'Copyright 2017 Behavior Analyst Certification Board',
    );
  });
});
