// Signed-out pages prerendered into copies of index.html (scripts/prerender.mjs), served for the
// path without a query (plugins/client.ts) and hydrated (client/main.tsx). Decision 015, fifth pass.
export const PRERENDERED_PAGES: ReadonlyMap<string, string> = new Map([
  ['/', 'prerendered/landing.html'],
  ['/login/student', 'prerendered/login-student.html'],
  ['/login/supervisor', 'prerendered/login-supervisor.html'],
]);
