import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  clientObservations,
  experienceTypes,
  settings,
  supervisionContacts,
  supervisionMethods,
  taskDomains,
  tasks,
} from '../../db/schema';

/** Reference data is public to signed-in users: no actor scoping needed. */
export const listExperienceTypes = (db: Db) =>
  db.select().from(experienceTypes).orderBy(asc(experienceTypes.id));
export const listSettings = (db: Db) => db.select().from(settings).orderBy(asc(settings.id));
export const listSupervisionMethods = (db: Db) =>
  db.select().from(supervisionMethods).orderBy(asc(supervisionMethods.id));
export const listClientObservations = (db: Db) =>
  db.select().from(clientObservations).orderBy(asc(clientObservations.id));
export const listSupervisionContacts = (db: Db) =>
  db.select().from(supervisionContacts).orderBy(asc(supervisionContacts.id));

/** The tasks of one edition in outline order, with their domain titles. */
export const listTasks = (db: Db, version: 'v5' | 'v6') =>
  db
    .select({
      id: tasks.id,
      version: tasks.version,
      section: tasks.section,
      description: tasks.description,
      sectionTitle: taskDomains.title,
    })
    .from(tasks)
    .innerJoin(
      taskDomains,
      and(eq(taskDomains.section, tasks.section), eq(taskDomains.version, tasks.version)),
    )
    .where(eq(tasks.version, version))
    .orderBy(asc(tasks.position));
