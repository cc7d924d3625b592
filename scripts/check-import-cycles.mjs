// Fails when the imports of apps/server/src, apps/web/src or packages/shared/src form a cycle, or when a server module
// or a web feature imports from one of its own layer or above (scripts/module-layers.mjs, ARCHITECTURE.md).
// Type-only imports (`import type`, `import('...')` in a type) count: they are erased at build time, but a type that
// two files each take from the other still ties them together. Dynamic `import()` calls are left out of the cycle
// check (they run after every module has loaded, the web's lazy routes) and count for the layers.
// `node scripts/check-import-cycles.mjs --graph` also prints the module graph (foreign keys between tables show as !).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { knownUpwardImports, serverModuleLayers, webFeatureLayers } from './module-layers.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const sourceRoots = ['apps/server/src', 'apps/web/src', 'packages/shared/src'].map((dir) => join(root, dir));
const extensions = ['.ts', '.tsx'];

function sourceFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(path);
    return extensions.some((ext) => name.endsWith(ext)) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

// A relative specifier as a file on disk: as written, with an extension added, or a folder's index.
function resolveSpecifier(fromFile, specifier) {
  const base = resolve(dirname(fromFile), specifier);
  const candidates = [
    base,
    ...extensions.map((ext) => base + ext),
    ...extensions.map((ext) => join(base, 'index' + ext)),
  ];
  return candidates.find((path) => existsSync(path) && statSync(path).isFile());
}

// Every relative import of a file: `import`/`export ... from`, `import type`, `import('...')` types and, marked
// dynamic, `import()` calls.
function importsOf(file) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found = [];
  const add = (specifier, node, dynamic) => {
    if (!specifier.startsWith('.')) return;
    const target = resolveSpecifier(file, specifier);
    const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
    if (target) found.push({ target, line, dynamic });
  };
  const visit = (node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      add(node.moduleSpecifier.text, node, false);
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      add(node.argument.literal.text, node, false);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments.length > 0 &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      add(node.arguments[0].text, node, true);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

// Tarjan's strongly connected components: every component of more than one file (or a file importing itself) is a cycle.
function cycles(graph) {
  let index = 0;
  const indices = new Map();
  const lowLinks = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  function visit(node) {
    indices.set(node, index);
    lowLinks.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indices.has(next)) {
        visit(next);
        lowLinks.set(node, Math.min(lowLinks.get(node), lowLinks.get(next)));
      } else if (onStack.has(next)) {
        lowLinks.set(node, Math.min(lowLinks.get(node), indices.get(next)));
      }
    }
    if (lowLinks.get(node) !== indices.get(node)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(component.sort());
  }
  for (const node of graph.keys()) if (!indices.has(node)) visit(node);
  return found;
}

const imports = new Map(sourceRoots.flatMap(sourceFiles).map((file) => [file, importsOf(file)]));
const graph = new Map(
  [...imports].map(([file, list]) => [file, list.filter((entry) => !entry.dynamic).map((entry) => entry.target)]),
);
const found = cycles(graph);
if (found.length === 0) {
  console.log(`No import cycles in ${graph.size} files.`);
} else {
  console.error(`${found.length} import cycle(s):`);
  for (const component of found) console.error(`- ${component.map((file) => relative(root, file)).join('\n  ')}`);
  process.exitCode = 1;
}

// Layers: which module or feature a file belongs to, and whether it is above every layer (tests, demo seeds).
const layerSets = [
  { dir: 'apps/server/src/modules', layers: serverModuleLayers, what: 'server module' },
  { dir: 'apps/web/src/features', layers: webFeatureLayers, what: 'web feature' },
];
const aboveLayers = (file) => /\.test\.tsx?$|test-fixtures|\.demo\.ts$/.test(file);
const known = new Set(knownUpwardImports.map((entry) => `${entry.from} -> ${entry.to}`));
const seenKnown = new Set();
const upward = [];
// `--graph` prints each module's imports of other modules (how many), marking those against the order.
const printGraph = process.argv.includes('--graph');
for (const { dir, layers, what } of layerSets) {
  const base = join(root, dir);
  if (printGraph) console.log(`${what}s (${dir}), importer -> imported (imports), ! against the order:`);
  const rank = new Map(layers.flatMap((names, index) => names.map((name) => [name, index])));
  const unit = (file) => {
    const path = relative(base, file);
    return path.startsWith('..') ? null : path.split(sep)[0];
  };
  for (const name of readdirSync(base)) {
    if (statSync(join(base, name)).isDirectory() && !rank.has(name)) {
      upward.push(
        `${dir}/${name}: a ${what} with no layer (place it in scripts/module-layers.mjs and ARCHITECTURE.md)`,
      );
    }
  }
  const edges = new Map();
  for (const [file, list] of imports) {
    const from = unit(file);
    if (!from || aboveLayers(file)) continue;
    for (const { target, line } of list) {
      const to = unit(target);
      if (to && to !== from) edges.set(`${from} -> ${to}`, (edges.get(`${from} -> ${to}`) ?? 0) + 1);
      if (!to || to === from || rank.get(to) < rank.get(from)) continue;
      // The schema is one graph: a table's foreign key names the table it points to, whichever module owns it.
      if (file.endsWith('.table.ts') && target.endsWith('.table.ts')) continue;
      const key = `${relative(root, file)} -> ${to}`;
      if (known.has(key)) {
        seenKnown.add(key);
        continue;
      }
      upward.push(
        `${relative(root, file)}:${line}: ${what} ${from} (layer ${rank.get(from)}) imports ${to} (layer ${rank.get(to)})`,
      );
    }
  }
  if (printGraph) {
    for (const [edge, count] of [...edges].sort()) {
      const [from, to] = edge.split(' -> ');
      console.log(`  ${rank.get(to) >= rank.get(from) ? '!' : ' '} ${edge} (${count})`);
    }
  }
}
// The web's shared components and lib sit below every feature.
const webFeatures = join(root, 'apps/web/src/features') + sep;
for (const dir of ['apps/web/src/components', 'apps/web/src/lib']) {
  const base = join(root, dir) + sep;
  for (const [file, list] of imports) {
    if (!file.startsWith(base) || aboveLayers(file)) continue;
    for (const { target, line } of list) {
      if (target.startsWith(webFeatures)) upward.push(`${relative(root, file)}:${line}: ${dir} imports a web feature`);
    }
  }
}
for (const key of known)
  if (!seenKnown.has(key)) upward.push(`${key}: listed in knownUpwardImports but no longer there`);
if (upward.length === 0) {
  console.log('Every server module and web feature imports only from lower layers; components and lib no feature.');
} else {
  console.error(`${upward.length} import(s) against the layers (scripts/module-layers.mjs):`);
  for (const line of upward) console.error(`- ${line}`);
  process.exitCode = 1;
}
