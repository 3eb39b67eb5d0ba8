import { PRIVACY_POLICY, TERMS_OF_SERVICE } from '../../../shared/content/legal';
import type { Db } from '../../db/client';
import * as repo from './content.repository';

/** The legal texts, in the contract's `{ results: [{ body }] }` shape. */
export function legalPage(kind: 'terms' | 'privacy'): { results: { body: string }[] } {
  return { results: [{ body: kind === 'terms' ? TERMS_OF_SERVICE : PRIVACY_POLICY }] };
}

/** One edition's tasks as SPEC §3 task items: the name starts with the task code. */
export async function listTaskItems(db: Db, version: 'v5' | 'v6') {
  const rows = await repo.listTasks(db, version);
  return rows.map((row) => ({
    id: row.id,
    name: `${row.id} ${row.description}`,
    description: row.description,
    version: row.version,
    section: row.section,
    section_title: row.sectionTitle,
  }));
}
