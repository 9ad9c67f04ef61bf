import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { folderCycles, moduleFolderImports, type FolderImport } from '../test/module-graph';

const MODULES = join(import.meta.dirname, 'modules');
const PIPELINE = join(import.meta.dirname, 'pipeline');

/**
 * `a -> b` for each top-level const `a` of the named function whose initializer (closures
 * included) uses a const `b` declared after it in the same function body.
 */
function forwardReferences(source: string, functionName: string): string[] {
  const file = ts.createSourceFile('container.ts', source, ts.ScriptTarget.Latest, true);
  let body: ts.Block | undefined;
  const find = (node: ts.Node) => {
    if (ts.isFunctionDeclaration(node) && node.name?.text === functionName) body = node.body;
    else ts.forEachChild(node, find);
  };
  find(file);
  if (!body) throw new Error(`no function ${functionName}`);
  const declarations: Array<{ name: string; node: ts.Node }> = [];
  for (const statement of body.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (ts.isIdentifier(declaration.name) && declaration.initializer) declarations.push({ name: declaration.name.text, node: declaration.initializer });
    }
  }
  const found: string[] = [];
  declarations.forEach(({ name, node }, index) => {
    const later = new Set(declarations.slice(index + 1).map((d) => d.name));
    const used = new Set<string>();
    const visit = (inner: ts.Node) => {
      // `x.b` names a property, not the later const `b`; `{ b }` shorthand does use it.
      if (ts.isIdentifier(inner) && later.has(inner.text) && !(ts.isPropertyAccessExpression(inner.parent) && inner.parent.name === inner) && !(ts.isPropertyAssignment(inner.parent) && inner.parent.name === inner)) used.add(inner.text);
      ts.forEachChild(inner, visit);
    };
    visit(node);
    for (const target of used) found.push(`${name} -> ${target}`);
  });
  return found;
}

/** Each tangle of folders: one cycle through it, then every import among its folders. */
function describeCycles(imports: FolderImport[]): string {
  return folderCycles(imports)
    .map(({ folders, path }) => {
      const inside = imports.filter((found) => folders.includes(found.from) && folders.includes(found.to));
      const lines = inside.map((found) => `  ${found.file} -> ${found.specifier}${found.typeOnly ? ' (types only)' : ''}`);
      return [`${path.join(' -> ')} (folders tangled: ${folders.join(', ')})`, ...lines].join('\n');
    })
    .join('\n\n');
}

describe('module folders', () => {
  /*
   * A folder under modules/ builds on others or is built on, never both: no import cycle between
   * folders. Type-only imports count too. They vanish at run time (no load-order trap), but they
   * still tie both folders together, and the fix costs little: the module that needs a service
   * declares the narrow shape it uses (users' `ProfileBillingFields`), the container passes the
   * other module's service in, and shared pieces live with the module that owns them.
   */
  it('import each other, and the translation pipeline, without cycles', () => {
    const imports = moduleFolderImports(MODULES, [PIPELINE]);
    expect(imports.some((found) => found.to === 'pipeline')).toBe(true);
    expect(imports.length).toBeGreaterThan(0);
    const cycles = describeCycles(imports);
    expect(cycles, `import cycles between module folders:\n${cycles}`).toBe('');
  });

  it('finds a cycle, however long, and names it', () => {
    const edges = [
      { from: 'auth', to: 'users' },
      { from: 'users', to: 'billing' },
      { from: 'billing', to: 'auth' },
      { from: 'billing', to: 'plans' },
      { from: 'translate', to: 'plans' },
    ];
    expect(folderCycles(edges)).toEqual([{ folders: ['auth', 'billing', 'users'], path: ['auth', 'users', 'billing', 'auth'] }]);
    expect(folderCycles(edges.slice(3))).toEqual([]);
  });
});

describe('top-level server folders', () => {
  /*
   * The same rule one level up: db/ (schema, table types, client) builds on no other folder,
   * jobs/ on none that builds on it (the mail job's payload is declared by mail/, which uses the
   * queue), modules/ on the layers below it. A cycle here ties the layers into one unit.
   */
  it('import each other without cycles', () => {
    const imports = moduleFolderImports(import.meta.dirname);
    expect(imports.some((found) => found.from === 'modules' && found.to === 'db')).toBe(true);
    expect(imports.some((found) => found.from === 'db')).toBe(false);
    const cycles = describeCycles(imports);
    expect(cycles, `import cycles between top-level folders:\n${cycles}`).toBe('');
  });
});

describe('the container', () => {
  /*
   * Services are built in order, each from those built before it. A closure that reaches a
   * service declared further down (`paidSeats: (id) => billing.paidSeats(id)` before `billing`
   * exists) is a cycle between two services in disguise: it works only because the call
   * happens later. Shared stateless pieces are built first instead (teams/membership.ts).
   */
  it('builds every service from those before it: no closure reaches one declared later', () => {
    expect(forwardReferences(readFileSync(join(import.meta.dirname, 'container.ts'), 'utf8'), 'createContainer')).toEqual([]);
  });

  it('finds a closure that reaches a later service', () => {
    const source = `function createContainer() {
      const teams = createTeams({ paidSeats: (id) => billing.paidSeats(id) });
      const billing = createBilling({ seats: teams.apply });
    }`;
    expect(forwardReferences(source, 'createContainer')).toEqual(['teams -> billing']);
  });
});

describe('the engine router', () => {
  /*
   * Issue 19 item 1: text, documents, websites, the developer API and the evaluation translate
   * through the one pipeline (memory, glossaries, then the router); nothing else calls the
   * router's translate, or a path would skip the memory and glossaries the others apply.
   */
  it('is called by the pipeline only', () => {
    const root = import.meta.dirname;
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? files(join(dir, entry.name)) : entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [join(dir, entry.name)] : []));
    const callers = files(root)
      .filter((file) => /\brouter\.translate\(/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(root, file));
    expect(callers).toEqual(['pipeline/pipeline.ts']);
  });
});
