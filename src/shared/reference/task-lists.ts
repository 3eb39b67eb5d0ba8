import { z } from 'zod';
import taskList5thEdition from './data/task-list-5th-edition.json' with { type: 'json' };
import tco6thEdition from './data/tco-6th-edition.json' with { type: 'json' };
import { TaskListVersionSchema, type TaskListVersion } from './task-list-versions';

// Editions apart, so the sidebar's edition toggle does not download both lists.
export { TASK_LIST_VERSIONS, type TaskListVersion } from './task-list-versions';

/** The nine content domains, A to I, in both editions. */
export const TASK_SECTIONS = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I'] as const;

export type TaskSection = (typeof TASK_SECTIONS)[number];

/** 6th edition ids use a dot (`A.1`), 5th edition ids a dash (`A-1`). */
const V6_ID = /^[A-I]\.\d{1,2}$/;
const V5_ID = /^[A-I]-\d{1,2}$/;

/** One item of a `./data` file (see its README); 6th adds the exam question count, 5th its part. */
export const TaskListItemSchema = z
  .object({
    id: z.string().regex(/^[A-I][.-]\d{1,2}$/),
    section: z.enum(TASK_SECTIONS),
    sectionTitle: z.string().min(1),
    text: z.string().min(1),
    domainQuestionCount: z.number().int().positive().optional(),
    part: z.enum(['Foundations', 'Applications']).optional(),
  })
  .refine((item) => item.id.startsWith(item.section), {
    error: 'The task id must start with its section letter',
  });

export type TaskListItem = z.infer<typeof TaskListItemSchema>;

export type Task = Readonly<TaskListItem & { version: TaskListVersion }>;

function parseTaskList(version: TaskListVersion, raw: unknown): readonly Task[] {
  const idPattern = version === 'v6' ? V6_ID : V5_ID;
  const items = z
    .array(
      TaskListItemSchema.refine((item) => idPattern.test(item.id), {
        error: `Not a ${version} task id`,
      }),
    )
    .parse(raw);
  const ids = new Set(items.map((item) => item.id));
  if (ids.size !== items.length) throw new Error(`Duplicate task ids in the ${version} task list`);
  return Object.freeze(items.map((item) => Object.freeze({ ...item, version })));
}

/** The BCBA 6th Edition Test Content Outline: 104 tasks, `A.1` to `I.7`, in outline order. */
export const TASKS_V6: readonly Task[] = parseTaskList('v6', tco6thEdition);

/** The BCBA 5th Edition Task List (08/2024 version): 92 tasks, `A-1` to `I-8`, in list order. */
export const TASKS_V5: readonly Task[] = parseTaskList('v5', taskList5thEdition);

const TASKS_BY_VERSION: Record<TaskListVersion, readonly Task[]> = { v6: TASKS_V6, v5: TASKS_V5 };
const TASKS_BY_ID: ReadonlyMap<string, Task> = new Map(
  [...TASKS_V6, ...TASKS_V5].map((task) => [task.id, task]),
);

export function tasksFor(version: TaskListVersion): readonly Task[] {
  return TASKS_BY_VERSION[version];
}

/** A content domain with its tasks, as the task grid shows it. */
export type TaskDomain = {
  section: TaskSection;
  title: string;
  /** Exam questions in the domain (6th edition only; the 5th edition file has none). */
  questionCount: number | null;
  tasks: readonly Task[];
};

export function taskDomains(version: TaskListVersion): readonly TaskDomain[] {
  const domains: TaskDomain[] = [];
  for (const section of TASK_SECTIONS) {
    const tasks = tasksFor(version).filter((task) => task.section === section);
    const first = tasks[0];
    if (!first) continue;
    domains.push({
      section,
      title: first.sectionTitle,
      questionCount: first.domainQuestionCount ?? null,
      tasks,
    });
  }
  return domains;
}

/** The task with this id, either edition; unknown ids (`E-10`, 2017 printing) are undefined. */
export function findTask(id: string): Task | undefined {
  return TASKS_BY_ID.get(id);
}

/** 'v6' for a dot (`A.1`), 'v5' for a dash (`E-10`), known or not; undefined otherwise. */
export function taskVersionOf(id: string): TaskListVersion | undefined {
  if (V6_ID.test(id)) return 'v6';
  if (V5_ID.test(id)) return 'v5';
  return undefined;
}

/** Where an edition's texts come from; shown wherever the product displays the item texts. */
export type TaskListSource = {
  version: TaskListVersion;
  title: string;
  revision: string;
  copyright: string;
  /** The one line to show under a task grid or on the about page. */
  line: string;
};

/** The source and copyright line of each edition (data/README.md). */
export const TASK_LIST_SOURCE: Readonly<Record<TaskListVersion, TaskListSource>> = {
  v6: {
    version: 'v6',
    title: 'BCBA Test Content Outline, 6th ed.',
    revision: 'updated 09/2024',
    copyright: 'Copyright 2022 Behavior Analyst Certification Board (BACB)',
    line: 'Source: BCBA Test Content Outline, 6th ed. (updated 09/2024). Copyright 2022 Behavior Analyst Certification Board (BACB). Task texts reproduced for documenting fieldwork.',
  },
  v5: {
    version: 'v5',
    title: 'BCBA Task List, 5th ed.',
    revision: 'version 08/2024',
    copyright: 'Copyright 2017 Behavior Analyst Certification Board (BACB)',
    line: 'Source: BCBA Task List, 5th ed. (version 08/2024). Copyright 2017 Behavior Analyst Certification Board (BACB). Task texts reproduced for documenting fieldwork.',
  },
};

/** A task on the wire (SPEC §3 lookups): `name` starts with the task code. */
export const TaskItemSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  description: z.string(),
  version: TaskListVersionSchema,
});

export type TaskItem = z.infer<typeof TaskItemSchema>;

/** Maps a task to its wire shape, e.g. `{ id: 'A.1', name: 'A.1 Identify the goals…', … }`. */
export function toTaskItem(task: Task): TaskItem {
  return {
    id: task.id,
    name: `${task.id} ${task.text}`,
    description: task.text,
    version: task.version,
  };
}
