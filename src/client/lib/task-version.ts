import { useSyncExternalStore } from 'react';
import {
  TASK_LIST_VERSIONS,
  type TaskListVersion,
} from '../../shared/reference/task-list-versions';
import { readPreference, writePreference } from './session-storage';

/** The edition shown when nothing is stored: the 6th Edition (SPEC §1). */
export const DEFAULT_TASK_VERSION: TaskListVersion = 'v6';

const listeners = new Set<() => void>();

/** The stored edition; anything unknown (or nothing, after sign-out) is the default. */
export function readTaskVersion(): TaskListVersion {
  const stored = readPreference('taskVersion');
  return TASK_LIST_VERSIONS.find((version) => version === stored) ?? DEFAULT_TASK_VERSION;
}

/** Stores the edition and tells every subscriber (the sidebar toggle, the task pickers). */
export function setTaskVersion(version: TaskListVersion): void {
  writePreference('taskVersion', version);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab changing the edition changes it here too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === 'taskVersion') listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The task-list edition in use (v6 or v5) and its setter. */
export function useTaskVersion(): [TaskListVersion, (version: TaskListVersion) => void] {
  const version = useSyncExternalStore(subscribe, readTaskVersion, () => DEFAULT_TASK_VERSION);
  return [version, setTaskVersion];
}
