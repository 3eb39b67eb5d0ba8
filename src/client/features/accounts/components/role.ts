/** The two login/register page roles of SPEC §2. */
export type PageRole = 'student' | 'supervisor';

/** Reads the {role} route parameter; anything else is not a page. */
export function parsePageRole(value: string | undefined): PageRole | null {
  return value === 'student' || value === 'supervisor' ? value : null;
}

export const ROLE_TITLES: Record<PageRole, string> = {
  student: 'Trainee',
  supervisor: 'Supervisor',
};
