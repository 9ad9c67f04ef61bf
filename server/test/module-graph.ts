import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

/** One import of one module folder by another: the file, what it names, and whether only types. */
export interface FolderImport {
  from: string;
  to: string;
  file: string;
  specifier: string;
  typeOnly: boolean;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Whether an import or re-export brings in types only (erased when compiled, so no load at run time). */
function isTypeOnly(node: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  if (ts.isExportDeclaration(node)) {
    if (node.isTypeOnly) return true;
    const clause = node.exportClause;
    return Boolean(clause && ts.isNamedExports(clause) && clause.elements.length > 0 && clause.elements.every((e) => e.isTypeOnly));
  }
  const clause = node.importClause;
  if (!clause) return false; // a side-effect import
  if (clause.isTypeOnly) return true;
  if (clause.name) return false;
  const bindings = clause.namedBindings;
  return Boolean(bindings && ts.isNamedImports(bindings) && bindings.elements.length > 0 && bindings.elements.every((e) => e.isTypeOnly));
}

/**
 * Every import between two folders of `modulesDir` (static imports, re-exports and dynamic
 * `import()`), read with the TypeScript parser. Test files are left out: a test may reach across.
 * `peers`: folders beside the modules that take part as modules do (the translation pipeline,
 * which the modules call and which reads theirs), each a node of its own, named by its folder.
 */
export function moduleFolderImports(modulesDir: string, peers: string[] = []): FolderImport[] {
  const root = resolve(modulesDir);
  const peerRoots = peers.map((peer) => resolve(peer));
  const folderOf = (path: string) => {
    for (const peer of peerRoots) if (!relative(peer, path).startsWith('..')) return peer.split(sep).at(-1)!;
    const rel = relative(root, path);
    return rel.startsWith('..') || !rel.includes(sep) ? null : rel.split(sep)[0];
  };
  const found: FolderImport[] = [];
  for (const file of [root, ...peerRoots].flatMap(sourceFiles)) {
    if (file.endsWith('.test.ts')) continue;
    const from = folderOf(file)!;
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
    const add = (specifier: string, typeOnly: boolean) => {
      if (!specifier.startsWith('.')) return;
      const to = folderOf(resolve(dirname(file), specifier));
      if (to && to !== from) found.push({ from, to, file: relative(dirname(root), file), specifier, typeOnly });
    };
    const visit = (node: ts.Node) => {
      if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
        add(node.moduleSpecifier.text, isTypeOnly(node));
      } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
        add(node.arguments[0].text, false);
      } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
        add(node.argument.literal.text, true);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

/**
 * The tangles among folders (strongly connected components of more than one folder): the folders
 * in each, and one closed path through them, e.g. `['auth', 'users', 'auth']`.
 */
export function folderCycles(imports: Pick<FolderImport, 'from' | 'to'>[]): { folders: string[]; path: string[] }[] {
  const edges = new Map<string, Set<string>>();
  for (const { from, to } of imports) {
    if (!edges.has(from)) edges.set(from, new Set());
    if (!edges.has(to)) edges.set(to, new Set());
    edges.get(from)!.add(to);
  }
  // Tarjan's strongly connected components.
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const connect = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node)!) {
      if (!index.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) components.push(component.sort());
    }
  };
  for (const node of [...edges.keys()].sort()) if (!index.has(node)) connect(node);
  // One closed path per component: the shortest way back to its first folder (breadth first).
  return components.map((component) => {
    const inside = new Set(component);
    const start = component[0];
    const previous = new Map<string, string>();
    const queue = [start];
    while (queue.length > 0) {
      const node = queue.shift()!;
      for (const next of [...edges.get(node)!].sort()) {
        if (!inside.has(next)) continue;
        if (next === start) {
          const path = [start];
          for (let at = node; at !== start; at = previous.get(at)!) path.splice(1, 0, at);
          return { folders: component, path: [...path, start] };
        }
        if (!previous.has(next)) {
          previous.set(next, node);
          queue.push(next);
        }
      }
    }
    return { folders: component, path: component };
  });
}
