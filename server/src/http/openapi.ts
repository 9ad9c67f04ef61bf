import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { z } from 'zod';
import type { Access, RouteEntry } from './access';
import { isRawResponse } from './responses';

/**
 * The generated OpenAPI document (API.md: "record the shape in the project's generated
 * OpenAPI document"). Routes come from the router itself (`app.routeAccess`: every method,
 * path and access level); request shapes come from the zod schemas each handler passes to
 * `parseInput(schema, request.body | request.query | request.params)`, found by reading the
 * route files' syntax (no handler runs) and converted with zod's own JSON Schema output.
 * A route whose input is read another way is listed without a schema. Answers are the zod
 * schemas each route declares (`schema: answers(...)`, http/responses.ts) as they go on the
 * wire; errors use the contract's envelope.
 */

interface RouteInputs {
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  multipart: boolean;
  /** A multipart form without a file part (readForm with `files: {}`). */
  noFile?: boolean;
  summary?: string;
  tag: string;
}

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

function listSourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return listSourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** local name -> [module file, exported name], for the file's relative imports. */
function importsOf(source: ts.SourceFile, file: string) {
  const imports = new Map<string, [string, string]>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const specifier = statement.moduleSpecifier.text;
    if (!specifier.startsWith('.')) continue;
    const bindings = statement.importClause?.namedBindings;
    if (!bindings || !ts.isNamedImports(bindings)) continue;
    const target = path.resolve(path.dirname(file), specifier.endsWith('.ts') ? specifier : `${specifier}.ts`);
    for (const element of bindings.elements) imports.set(element.name.text, [target, (element.propertyName ?? element.name).text]);
  }
  return imports;
}

function leadingComment(source: ts.SourceFile, node: ts.Node): string | undefined {
  // Documentation comments only (/** ... */); line comments explain the code, not the route.
  const ranges = (ts.getLeadingCommentRanges(source.text, node.getFullStart()) ?? []).filter((range) => source.text.startsWith('/**', range.pos));
  const text = ranges
    .map((range) => source.text.slice(range.pos, range.end))
    .map((comment) => comment.replace(/^\/\*\*?|\*\/$/g, '').replace(/^\s*(\/\/|\*)\s?/gm, '').trim())
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text || undefined;
}

/** Every `app.<method>('<path>', ...)` of the server's sources with the schemas its handler parses. */
async function collectRouteInputs(serverDir: string): Promise<Map<string, RouteInputs>> {
  const found = new Map<string, RouteInputs>();
  const modules = new Map<string, Record<string, unknown>>();
  const load = async (file: string) => {
    if (!modules.has(file)) modules.set(file, (await import(pathToFileURL(file).href)) as Record<string, unknown>);
    return modules.get(file)!;
  };

  for (const file of listSourceFiles(path.join(serverDir, 'src'))) {
    const text = fs.readFileSync(file, 'utf8');
    if (!/\bapp\.(get|post|put|patch|delete)\(/.test(text)) continue;
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const imports = importsOf(source, file);
    const tag = path.basename(path.dirname(file)) === 'http' ? 'platform' : path.basename(path.dirname(file));
    const pending: Array<Promise<void>> = [];

    /** A name's value: imported from a relative module, or exported by the file itself. */
    const resolveValue = async (name: string): Promise<unknown> => {
      const imported = imports.get(name);
      return imported ? (await load(imported[0]))[imported[1]] : (await load(file))[name];
    };

    /** A route's path: a string, or a template of constants (`${PREVIEW_PREFIX}/:id/:token/*`); undefined otherwise. */
    const routePath = async (node: ts.Expression): Promise<string | undefined> => {
      if (ts.isStringLiteralLike(node)) return node.text;
      if (!ts.isTemplateExpression(node)) return undefined;
      let text = node.head.text;
      for (const span of node.templateSpans) {
        const value = ts.isIdentifier(span.expression) ? await resolveValue(span.expression.text) : undefined;
        if (typeof value !== 'string') return undefined;
        text += value + span.literal.text;
      }
      return text;
    };

    const resolveSchema = async (name: string): Promise<z.ZodType | undefined> => {
      const value = await resolveValue(name);
      // A factory that needs its arguments (cardSchema(now)) is left undocumented, as before.
      const schema = typeof value === 'function' && value.length === 0 && !(value instanceof z.ZodType) ? (value as () => unknown)() : value;
      return schema instanceof z.ZodType ? schema : undefined;
    };

    const visit = (node: ts.Node) => {
      if (
        ts.isCallExpression(node) &&
        ts.isPropertyAccessExpression(node.expression) &&
        ts.isIdentifier(node.expression.expression) &&
        node.expression.expression.text === 'app' &&
        METHODS.has(node.expression.name.text) &&
        node.arguments[0] &&
        (ts.isStringLiteralLike(node.arguments[0]) || ts.isTemplateExpression(node.arguments[0]))
      ) {
        const method = node.expression.name.text.toUpperCase();
        const pathNode = node.arguments[0];
        const inputs: RouteInputs = { multipart: false, tag, summary: leadingComment(source, node.parent) };
        const calls: Array<[string, string]> = [];
        const scan = (inner: ts.Node) => {
          if (ts.isCallExpression(inner) && ts.isIdentifier(inner.expression)) {
            // Multipart readers: http/multipart.ts readForm, documents' streaming receiveUpload (and its wrapper).
            if (['readForm', 'receiveUpload', 'upload'].includes(inner.expression.text)) inputs.multipart = true;
            if (inner.expression.text === 'readForm' && /\bfiles:\s*\{\s*\}/.test(inner.arguments[1]?.getText(source) ?? '')) inputs.noFile = true;
            const [schema, input] = inner.arguments;
            // A schema, or a schema factory called with what the request needs (`serviceRequestSchema(context)`): a factory
            // whose arguments are all optional, called without them, gives the shape documented.
            const schemaName = schema && (ts.isIdentifier(schema) ? schema.text : ts.isCallExpression(schema) && ts.isIdentifier(schema.expression) ? schema.expression.text : null);
            if (inner.expression.text === 'parseInput' && schemaName && input) calls.push([schemaName, input.getText(source)]);
          }
          ts.forEachChild(inner, scan);
        };
        node.arguments.slice(1).forEach(scan);
        pending.push(
          (async () => {
            const routeUrl = await routePath(pathNode);
            if (routeUrl === undefined) return;
            for (const [name, input] of calls) {
              const schema = await resolveSchema(name);
              if (!schema) continue;
              if (/\bquery\b/.test(input)) inputs.query ??= schema;
              else if (/\bparams\b/.test(input)) inputs.params ??= schema;
              else {
                inputs.body ??= schema;
                if (/\bfields\b/.test(input)) inputs.multipart = true;
              }
            }
            found.set(`${method} ${routeUrl}`, inputs);
          })(),
        );
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
    await Promise.all(pending);
  }
  return found;
}

type JsonSchema = Record<string, unknown> & { properties?: Record<string, JsonSchema>; required?: string[] };

function jsonSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return withoutEmptyAllOf(rest);
}

/**
 * A field read by a cross-field check beside the fields' own schema (z.intersection, see
 * passwordsMatch) comes out as `allOf: [its schema, {}]`: the empty member says nothing, and a
 * single member is the schema itself.
 */
function withoutEmptyAllOf(node: JsonSchema): JsonSchema {
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk);
    if (!value || typeof value !== 'object') return value;
    const entries = Object.entries(value).map(([key, inner]) => [key, walk(inner)] as const);
    const out = Object.fromEntries(entries) as Record<string, unknown>;
    if (!Array.isArray(out.allOf)) return out;
    const members = (out.allOf as unknown[]).filter((member) => !(member && typeof member === 'object' && Object.keys(member).length === 0));
    const { allOf: _all, ...others } = out;
    if (members.length === 1 && Object.keys(others).length === 0) return members[0];
    return members.length === 0 ? others : { ...others, allOf: members };
  };
  return walk(node) as JsonSchema;
}

/** A multipart body: its fields, and the uploaded file. */
function withFile(schema: JsonSchema): JsonSchema {
  return { ...schema, type: 'object', properties: { file: { type: 'string', format: 'binary' }, ...(schema.properties ?? {}) } };
}

/** Query or path parameters from an object schema's properties. */
function parametersOf(schema: z.ZodType | undefined, where: 'query' | 'path', pathNames: string[]) {
  const object = schema ? jsonSchema(schema) : {};
  const properties = object.properties ?? {};
  const names = where === 'path' ? [...new Set([...pathNames, ...Object.keys(properties)])].filter((name) => pathNames.includes(name)) : Object.keys(properties);
  return names.map((name) => ({
    name,
    in: where,
    required: where === 'path' || (object.required ?? []).includes(name),
    schema: properties[name] ?? { type: 'string' },
  }));
}

const SECURITY: Record<Access, Array<Record<string, string[]>> | undefined> = {
  public: undefined,
  user: [{ session: [] }],
  verified: [{ session: [] }],
  admin: [{ session: [] }],
};

const ACCESS_NOTE: Record<Access, string> = {
  public: 'Anyone; the signed-in user is recognised when a session exists.',
  user: 'Signed in.',
  verified: 'Signed in with a verified e-mail address (450 otherwise).',
  admin: 'Administrators (role "1") only.',
};

/** Builds the document for the routes the application registered. */
/** A route's declared answers as OpenAPI responses, by status ('2xx' is written as 200). */
function declaredResponses(response: RouteEntry['response']): Record<string, unknown> {
  if (!response) return { 200: { description: 'Success.' } };
  const out: Record<string, unknown> = {};
  for (const [status, schema] of Object.entries(response)) {
    const code = status === '2xx' ? '200' : status;
    if (isRawResponse(schema)) {
      out[code] = { description: schema.description, ...(schema.contentType ? { content: { [schema.contentType]: { schema: { type: 'string', format: 'binary' } } } } : {}) };
    } else if (schema instanceof z.ZodType) {
      const { $schema: _ignored, ...shape } = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) as JsonSchema;
      out[code] = { description: typeof shape.description === 'string' ? shape.description : 'Success.', content: { 'application/json': { schema: shape } } };
    }
  }
  return out;
}

export async function buildOpenApiDocument(routes: ReadonlyArray<RouteEntry>, options: { serverDir: string; version: string }) {
  const inputs = await collectRouteInputs(options.serverDir);
  const paths: Record<string, Record<string, unknown>> = {};
  const sorted = [...routes].filter((route) => !route.url.startsWith('/__test')).sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method));
  for (const route of sorted) {
    const method = route.method.toLowerCase();
    if (!METHODS.has(method)) continue;
    const found = inputs.get(`${route.method} ${route.url}`);
    const pathNames = [...route.url.matchAll(/:([A-Za-z_]+)/g)].map((match) => match[1]!);
    const openApiPath = route.url.replace(/:([A-Za-z_]+)/g, '{$1}').replace(/\*$/, '{path}');
    if (route.url.endsWith('*')) pathNames.push('path');
    const writes = method !== 'get';
    const responses: Record<string, unknown> = declaredResponses(route.response);
    if (found?.body || found?.query || found?.params) responses[422] = { $ref: '#/components/responses/Invalid' };
    if (route.access !== 'public') responses[401] = { $ref: '#/components/responses/Unauthorized' };
    if (route.access === 'admin') responses[403] = { $ref: '#/components/responses/Forbidden' };
    if (route.access === 'verified') responses[450] = { description: 'The e-mail address is not verified yet.' };
    if (writes) responses[419] = { $ref: '#/components/responses/CsrfMismatch' };
    const operation: Record<string, unknown> = {
      tags: [found?.tag ?? 'other'],
      ...(found?.summary ? { summary: found.summary } : {}),
      description: ACCESS_NOTE[route.access],
      'x-access': route.access,
      ...(SECURITY[route.access] ? { security: SECURITY[route.access] } : {}),
      parameters: [
        ...parametersOf(found?.params, 'path', pathNames),
        ...parametersOf(found?.query, 'query', []),
        ...(writes ? [{ $ref: '#/components/parameters/XsrfToken' }] : []),
      ],
      ...(found?.body || (writes && found?.multipart)
        ? {
            requestBody: {
              required: true,
              content: found?.multipart
                ? {
                    'multipart/form-data': { schema: ((body: JsonSchema) => (found.noFile ? body : withFile(body)))(found.body ? jsonSchema(found.body) : { type: 'object' }) },
                    ...(found.body ? { 'application/json': { schema: jsonSchema(found.body) } } : {}),
                  }
                : { 'application/json': { schema: jsonSchema(found!.body!) } },
            },
          }
        : {}),
      responses,
    };
    (paths[openApiPath] ??= {})[method] = operation;
  }

  const envelope = {
    type: 'object',
    required: ['message'],
    properties: { message: { type: 'string' }, errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } } },
  };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Lisan HTTP API',
      version: options.version,
      description:
        'English/Arabic translation service. Generated from the router and the route schemas (npm run openapi); the conventions, response shapes and messages are in API.md. Messages follow the locale cookie or Accept-Language (English or Arabic).',
    },
    components: {
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'lisan_session' } },
      parameters: {
        XsrfToken: { name: 'X-XSRF-TOKEN', in: 'header', required: true, description: 'The XSRF-TOKEN cookie from GET /mt/csrf-cookie.', schema: { type: 'string' } },
      },
      schemas: {
        Error: envelope,
        LimitExceeded: {
          type: 'object',
          required: ['status', 'type', 'message'],
          properties: {
            status: { const: 402 },
            type: { type: 'string' },
            message: { type: 'string' },
            remaining: { type: 'integer', description: 'What is still left of the limit, where the request asked for more (web_pages): a request for at most this much would be accepted.' },
          },
        },
      },
      responses: {
        Invalid: { description: 'Invalid input: a message and the messages of each field.', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
        Unauthorized: { description: 'Not signed in.', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
        Forbidden: { description: 'Signed in but not allowed.', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
        CsrfMismatch: { description: 'The X-XSRF-TOKEN header is missing or wrong.', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
      },
    },
    paths,
  };
}
