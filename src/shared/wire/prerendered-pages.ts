/**
 * The signed-out pages whose markup the build writes into a copy of index.html
 * (scripts/prerender.mjs), by path, with that copy's place in the client's folder: the server
 * sends it for the path without a query (plugins/client.ts), and the client hydrates it when no
 * one is signed in (client/main.tsx). Decision 015, fifth pass.
 */
export const PRERENDERED_PAGES: ReadonlyMap<string, string> = new Map([
  ['/', 'prerendered/landing.html'],
  ['/login/student', 'prerendered/login-student.html'],
  ['/login/supervisor', 'prerendered/login-supervisor.html'],
]);
