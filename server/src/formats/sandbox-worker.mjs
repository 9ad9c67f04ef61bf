// Worker-thread entry: Node 20 does not apply --import loaders to a worker's own entry
// file, so this plain module registers tsx and then loads the TypeScript worker.
import { register } from 'tsx/esm/api';

register();
await import('./sandbox-worker.ts');
