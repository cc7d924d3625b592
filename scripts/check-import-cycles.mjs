// Fails when the runtime imports of apps/server/src, apps/web/src or packages/shared/src form a cycle.
// Type-only imports (`import type`, or every name marked `type`) are erased at build time, so they are ignored;
// so are dynamic `import()` calls, which run after every module has loaded.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

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

function isTypeOnly(statement) {
  if (ts.isImportDeclaration(statement)) {
    const clause = statement.importClause;
    if (!clause) return false; // a side-effect import runs the module
    if (clause.isTypeOnly) return true;
    const bindings = clause.namedBindings;
    return (
      !clause.name &&
      !!bindings &&
      ts.isNamedImports(bindings) &&
      bindings.elements.length > 0 &&
      bindings.elements.every((element) => element.isTypeOnly)
    );
  }
  if (statement.isTypeOnly) return true;
  const clause = statement.exportClause;
  return (
    !!clause &&
    ts.isNamedExports(clause) &&
    clause.elements.length > 0 &&
    clause.elements.every((element) => element.isTypeOnly)
  );
}

function runtimeImports(file) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  return source.statements
    .filter((statement) => ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement))
    .filter((statement) => statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier))
    .filter((statement) => statement.moduleSpecifier.text.startsWith('.') && !isTypeOnly(statement))
    .map((statement) => resolveSpecifier(file, statement.moduleSpecifier.text))
    .filter(Boolean);
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

const graph = new Map(sourceRoots.flatMap(sourceFiles).map((file) => [file, runtimeImports(file)]));
const found = cycles(graph);
if (found.length === 0) {
  console.log(`No import cycles in ${graph.size} files.`);
} else {
  console.error(`${found.length} import cycle(s):`);
  for (const component of found) console.error(`- ${component.map((file) => relative(root, file)).join('\n  ')}`);
  process.exitCode = 1;
}
