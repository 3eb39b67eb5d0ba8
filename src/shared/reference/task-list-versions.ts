import { z } from 'zod';

/** The task-list editions, newest first; v6 is the default and the only one used for new logs. */
export const TASK_LIST_VERSIONS = ['v6', 'v5'] as const;

/** A task-list edition: 'v6' (6th Edition Test Content Outline) or 'v5' (5th Edition Task List). */
export type TaskListVersion = (typeof TASK_LIST_VERSIONS)[number];

export const TaskListVersionSchema = z.enum(TASK_LIST_VERSIONS);
