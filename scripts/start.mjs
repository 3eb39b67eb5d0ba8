// `npm start`: builds what is missing or stale (ensure-build.mjs), then runs the built server in
// this same process: one Node start, not two, before the server answers.
import { ensureBuild } from './ensure-build.mjs';

await ensureBuild();
await import('../dist/server/main.js');
