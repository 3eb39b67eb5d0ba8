// The import-cycle rule, hand-written: walls/no-cycle, no import cycle in src/, between two files
// or between two features (A imports B and B, directly or through others, imports A).
//
// The other walls (a feature uses another only through its index, client features stay apart, the
// engines, the layers) are eslint-plugin-boundaries policies (scripts/lint/boundaries.js). This one
// stays here because the plugin has no cycle check: its policies judge one import at a time (from
// this file to that one), while a cycle is a property of the whole graph. Nor would a general cycle
// rule (import-x/no-cycle) do: it counts imports of types alone, which are erased and close no
// cycle at run time, and it knows nothing of features, whose cycles run through many files.
//
// A feature is a folder under one of the feature roots below; the list is read from the disk each
// time lint starts. The rule needs the whole import graph: it is read once per lint process with
// TypeScript's import scanner (no type checking), and the file being linted adds its own imports
// from its AST, so code linted from memory (the rule's test) counts as written.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** Where features live; a root's folders are its features. */
export const FEATURE_ROOTS = {
  shared: 'src/shared',
  server: 'src/server/features',
  client: 'src/client/features',
};

/** Folders of src/shared that are not features but what every feature stands on. */
export const SHARED_FOUNDATIONS = ['reference', 'wire'];

const SOURCE = /\.(ts|tsx|mts|js|mjs)$/;
const EXTENSIONS = [
  '',
  '.ts',
  '.tsx',
  '.mts',
  '.js',
  '.mjs',
  '/index.ts',
  '/index.tsx',
  '/index.js',
];

/** The feature folders of one root, read from the disk. */
export function featuresOf(root, kind) {
  const dir = path.join(root, FEATURE_ROOTS[kind]);
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .filter((name) => kind !== 'shared' || !SHARED_FOUNDATIONS.includes(name))
    .sort();
}

/** `{ kind, feature, rest }` for a file inside a feature folder, else null. */
export function featureOf(root, file) {
  const relative = path.relative(root, file).split(path.sep).join('/');
  for (const [kind, base] of Object.entries(FEATURE_ROOTS)) {
    if (!relative.startsWith(`${base}/`)) continue;
    const [feature, ...rest] = relative.slice(base.length + 1).split('/');
    if (rest.length === 0) return null; // a file directly in the root (src/shared/errors.ts)
    if (kind === 'shared' && SHARED_FOUNDATIONS.includes(feature)) return null;
    return { kind, feature, rest: rest.join('/') };
  }
  return null;
}

/** The file a relative import names, or null for a package or a file that does not exist. */
export function resolveImport(fromFile, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(fromFile), specifier);
  for (const ending of EXTENSIONS) {
    const candidate = base + ending;
    if (SOURCE.test(candidate) && isFile(candidate)) return candidate;
  }
  return null;
}

function isFile(file) {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

function sourceFiles(dir, found = []) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(full, found);
    else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) found.push(full);
  }
  return found;
}

/**
 * file → the files it imports (relative imports only), each with whether the import is of types
 * alone (erased from the running code), for every source file under src/.
 */
export function importGraph(root) {
  const graph = new Map();
  for (const file of sourceFiles(path.join(root, 'src'))) {
    const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
    graph.set(file, edgesOf(file, source));
  }
  return graph;
}

/** The files one parsed file imports: target → true when every import of it is types only. */
function edgesOf(file, source) {
  const edges = new Map();
  const add = (specifier, typeOnly) => {
    const target = resolveImport(file, specifier);
    if (target) edges.set(target, (edges.get(target) ?? true) && typeOnly);
  };
  const visit = (node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      add(node.moduleSpecifier.text, isTypeOnly(node));
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      add(node.arguments[0].text, false);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return edges;
}

function isTypeOnly(node) {
  if (ts.isExportDeclaration(node)) {
    return (
      node.isTypeOnly ||
      (node.exportClause !== undefined &&
        ts.isNamedExports(node.exportClause) &&
        node.exportClause.elements.length > 0 &&
        node.exportClause.elements.every((element) => element.isTypeOnly))
    );
  }
  const clause = node.importClause;
  if (!clause) return false; // import './x': run for its effects
  if (clause.isTypeOnly) return true;
  const bindings = clause.namedBindings;
  return (
    !clause.name &&
    bindings !== undefined &&
    ts.isNamedImports(bindings) &&
    bindings.elements.length > 0 &&
    bindings.elements.every((element) => element.isTypeOnly)
  );
}

/** The lint settings' `walls` (root and feature lists), filled in by eslint.config.js. */
function settingsOf(context) {
  const walls = context.settings.walls;
  if (!walls) throw new Error('walls rules need settings.walls = wallsSettings(root)');
  return walls;
}

/** What eslint.config.js puts in `settings.walls`: the root and each root's feature folders. */
export function wallsSettings(root) {
  return {
    root,
    features: Object.fromEntries(
      Object.keys(FEATURE_ROOTS).map((kind) => [kind, featuresOf(root, kind)]),
    ),
  };
}

/** The feature a file belongs to, if its folder is in the settings' list. */
function listedFeatureOf(walls, file) {
  const found = featureOf(walls.root, file);
  return found && walls.features[found.kind]?.includes(found.feature) ? found : null;
}

/** Every import of the file being linted: static, re-export and dynamic, with its node. */
function importsOf(node) {
  const found = [];
  for (const statement of node.body) {
    if (
      (statement.type === 'ImportDeclaration' ||
        statement.type === 'ExportNamedDeclaration' ||
        statement.type === 'ExportAllDeclaration') &&
      statement.source
    )
      found.push({ node: statement.source, specifier: statement.source.value });
  }
  return found;
}

const dynamicImport = (node) =>
  node.source.type === 'Literal' && typeof node.source.value === 'string'
    ? { node: node.source, specifier: node.source.value }
    : null;

/** Calls `check` for every import in the file, once the whole file is seen. */
function onEveryImport(check) {
  const found = [];
  return {
    ImportExpression(node) {
      const one = dynamicImport(node);
      if (one) found.push(one);
    },
    'Program:exit'(program) {
      for (const one of [...importsOf(program), ...found]) check(one);
    },
  };
}

const graphs = new Map();
const runningGraphs = new WeakMap();

/** The targets of imports that are not of types alone. */
const runningOf = (edges) => [...edges].filter(([, typeOnly]) => !typeOnly).map(([to]) => to);

/** file → the files whose code it runs (the graph less the imports of types alone). */
function runningGraph(graph) {
  if (!runningGraphs.has(graph)) {
    const running = new Map([...graph].map(([file, edges]) => [file, runningOf(edges)]));
    const importers = new Map();
    for (const [file, targets] of running) {
      for (const target of targets) {
        if (!importers.has(target)) importers.set(target, []);
        importers.get(target).push(file);
      }
    }
    runningGraphs.set(graph, { running, importers });
  }
  return runningGraphs.get(graph);
}

/** Every file whose running code leads to `file` (a cycle closes through any of them). */
function leadingTo(graph, file) {
  const { importers } = runningGraph(graph);
  const found = new Set([file]);
  const queue = [file];
  for (let at = 0; at < queue.length; at += 1) {
    for (const importer of importers.get(queue[at]) ?? []) {
      if (!found.has(importer)) {
        found.add(importer);
        queue.push(importer);
      }
    }
  }
  return found;
}
const featureKeys = new Map();
/** The import graph of the tree, read once per lint process. */
function cachedGraph(root) {
  if (!graphs.has(root)) graphs.set(root, importGraph(root));
  return graphs.get(root);
}

/** A path from `start` to `goal` along `next`, or null. */
function pathBetween(start, goal, next) {
  const cameFrom = new Map([[start, null]]);
  const queue = [start];
  for (let at = 0; at < queue.length; at += 1) {
    const node = queue[at];
    if (node === goal) {
      const steps = [];
      for (let at = node; at !== null; at = cameFrom.get(at)) steps.unshift(at);
      return steps;
    }
    for (const following of next(node)) {
      if (!cameFrom.has(following)) {
        cameFrom.set(following, node);
        queue.push(following);
      }
    }
  }
  return null;
}

const noCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'No import cycle, between files or between features' },
    schema: [],
    messages: {
      file: 'Import cycle: {{cycle}}.',
      feature:
        'Feature cycle: {{cycle}}. Move the shared piece down into the feature that owns it (or src/shared), or pass it in as a parameter.',
    },
  },
  create(context) {
    const walls = settingsOf(context);
    const file = context.filename;
    if (!file.startsWith(path.join(walls.root, 'src') + path.sep)) return {};
    const graph = cachedGraph(walls.root);
    const relative = (one) => path.relative(walls.root, one).split(path.sep).join('/');
    const featureKey = (one) => {
      if (!featureKeys.has(one)) {
        const found = listedFeatureOf(walls, one);
        featureKeys.set(one, found ? `${found.kind}:${found.feature}` : null);
      }
      return featureKeys.get(one);
    };
    let features = null;
    let mine = null;
    let reachers = null;
    return onEveryImport(({ node, specifier }) => {
      const target = resolveImport(file, specifier);
      if (!target) return;
      // The linted file's imports as written now (it may differ from the disk, or not be there).
      mine ??= edgesOf(
        file,
        ts.createSourceFile(file, context.sourceCode.text, ts.ScriptTarget.Latest),
      );
      // A cycle of files counts what runs: imports of types alone are erased.
      // One search back from the file, then a path only for an import that closes a cycle.
      reachers ??= leadingTo(graph, file);
      const running = (one) =>
        one === file ? runningOf(mine) : (runningGraph(graph).running.get(one) ?? []);
      const closes = !mine.get(target) && reachers.has(target);
      const back = closes ? pathBetween(target, file, running) : null;
      if (back) {
        const cycle = [file, ...back].map(relative).join(' → ');
        return context.report({ node, messageId: 'file', data: { cycle } });
      }
      const [fromFeature, toFeature] = [featureKey(file), featureKey(target)];
      if (!fromFeature || !toFeature || fromFeature === toFeature) return;
      features ??= featureGraph(graph, file, mine, featureKey);
      const featureBack = pathBetween(toFeature, fromFeature, (key) => features.get(key) ?? []);
      if (featureBack) {
        const cycle = [fromFeature, ...featureBack].join(' → ');
        context.report({ node, messageId: 'feature', data: { cycle } });
      }
    });
  },
};

/**
 * feature → the features it imports, with the linted file's imports as written now: counted per
 * file once per process, so that only the linted file's share is taken out and put back.
 */
function featureGraph(graph, file, mine, featureKey) {
  if (!featureCounts.has(graph)) {
    const counts = new Map();
    for (const [one, targets] of graph) countEdges(counts, featureKey(one), targets, featureKey, 1);
    featureCounts.set(graph, counts);
  }
  const counts = new Map([...featureCounts.get(graph)].map(([from, tos]) => [from, new Map(tos)]));
  const from = featureKey(file);
  countEdges(counts, from, graph.get(file) ?? new Map(), featureKey, -1);
  countEdges(counts, from, mine, featureKey, 1);
  return new Map(
    [...counts].map(([key, tos]) => [key, [...tos].filter(([, n]) => n > 0).map(([to]) => to)]),
  );
}

const featureCounts = new WeakMap();

function countEdges(counts, from, targets, featureKey, step) {
  if (!from) return;
  for (const target of targets.keys()) {
    const to = featureKey(target);
    if (!to || to === from) continue;
    if (!counts.has(from)) counts.set(from, new Map());
    counts.get(from).set(to, (counts.get(from).get(to) ?? 0) + step);
  }
}

export const walls = {
  meta: { name: 'walls' },
  rules: { 'no-cycle': noCycle },
};
