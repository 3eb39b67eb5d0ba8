/*
 * Whom one official form covers (issue 26, decision 024): a supervisor record of its own, or
 * every record of the trainee at one organization. Forms (which form to fill) and progress
 * (whose hours a form verifies) both read it from here, below both (shared forms already reads
 * shared progress); the SQL twin is progress's `organizationKeySql`.
 */

/** An organization's name as people read it: trimmed, its runs of spaces made one. */
export const organizationName = (organization: string) => organization.trim().replace(/\s+/g, ' ');

/** An organization's name as records are compared: case and spacing do not matter. */
export const organizationKey = (organization: string) =>
  organizationName(organization).toLowerCase();

/** The form subject of a record: 'r12' for a record of its own, 'o:acme aba' for an organization. */
export function subjectKey(record: { id: number; organization: string }): string {
  const org = organizationKey(record.organization);
  return org === '' ? `r${record.id}` : `o:${org}`;
}
