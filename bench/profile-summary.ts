// `node --import tsx bench/profile-summary.ts <file.cpuprofile> [top] [skip seconds] [until seconds]`: where a V8
// CPU profile (from `npm run bench:api -- --profile`) spent its time: self time by package or source
// folder, the heaviest functions by self time, and by inclusive time (their callees counted).
// Skipping the first seconds leaves out the server's start; `until` ends the window (one
// endpoint's stretch of a profile of several: `npm run bench:api -- --profile` prints when each
// endpoint's load starts and ends, in seconds since the server started).
import { readFileSync } from 'node:fs';

type Node = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };

const [file, topArg, skipArg, untilArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: profile-summary <file.cpuprofile> [top] [skip seconds]');
  process.exit(1);
}
const top = Number(topArg ?? 25);
const skipMicros = Number(skipArg ?? 0) * 1e6;
const untilMicros = untilArg === undefined ? Infinity : Number(untilArg) * 1e6;
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map<number, number>();
for (const node of profile.nodes)
  for (const child of node.children ?? []) parent.set(child, node.id);

/** A package under node_modules, a folder of src/, or what V8 calls the frame. */
function areaOf(node: Node): string {
  const { url, functionName } = node.callFrame;
  if (!url) return `(${functionName || 'native'})`;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1] as string;
  const src = /\/(src\/(?:server\/(?:features\/)?|shared\/)?[^/]+)/.exec(url);
  if (src) return src[1] as string;
  if (url.startsWith('node:')) return url;
  return url.replace(/^file:\/\/.*\//, '');
}
const nameOf = (node: Node) =>
  `${node.callFrame.functionName || '(anonymous)'} ${areaOf(node)}:${node.callFrame.lineNumber + 1}`;

const self = new Map<string, number>();
const inclusive = new Map<string, number>();
const areas = new Map<string, number>();
let total = 0;
let elapsed = 0;
profile.samples.forEach((id, i) => {
  const delta = profile.timeDeltas[i] ?? 0;
  elapsed += delta;
  if (elapsed < skipMicros || elapsed > untilMicros) return;
  const node = byId.get(id);
  if (!node) return;
  total += delta;
  self.set(nameOf(node), (self.get(nameOf(node)) ?? 0) + delta);
  areas.set(areaOf(node), (areas.get(areaOf(node)) ?? 0) + delta);
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const frame = byId.get(at);
    if (!frame) break;
    const name = nameOf(frame);
    if (seen.has(name)) continue;
    seen.add(name);
    inclusive.set(name, (inclusive.get(name) ?? 0) + delta);
  }
});
const pct = (t: number) => `${((t * 100) / total).toFixed(1).padStart(5)}%`;
const print = (title: string, map: Map<string, number>) => {
  console.log(`\n${title}:`);
  for (const [name, time] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`${pct(time)}  ${name}`);
};
console.log(`${(total / 1e6).toFixed(1)} s sampled`);
print('self time by area', areas);
print('heaviest functions, self time', self);
print('heaviest functions, inclusive time', inclusive);
