// npm run openapi: writes docs/openapi.json from the router and the route schemas
// (server/src/http/openapi.ts). The test server/src/http/openapi.test.ts fails when the
// committed document is out of date.
import fs from 'node:fs/promises';
import path from 'node:path';
import { openApiJson } from '../server/test/openapi';

const root = path.resolve(import.meta.dirname, '..');
const target = path.join(root, 'docs/openapi.json');
await fs.writeFile(target, await openApiJson());
console.log(`wrote ${path.relative(root, target)}`);
process.exit(0);
