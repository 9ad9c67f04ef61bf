/**
 * The PGlite thread (see pglite-thread.ts): owns the database and answers the API thread's
 * statements one message each. Runs as a worker_threads Worker, never imported.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import type { ThreadReply, ThreadRequest } from './pglite-thread';
import { PreparedStatements } from './pglite-statements';

const port = parentPort!;
const { dataDir } = workerData as { dataDir: string | null };

/** An error as plain data: PostgreSQL's fields (code, constraint, detail...) travel with the message. */
function plainError(error: unknown) {
  if (!(error instanceof Error)) return { message: String(error), fields: {} };
  const fields: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(error)) {
    if (['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value as string | number | boolean;
  }
  return { message: error.message, name: error.name, fields };
}

const reply = (message: ThreadReply) => port.postMessage(message);

try {
  const pglite = await PGlite.create(dataDir ? { dataDir } : {});
  // Statements with parameters are prepared once per text (pglite-statements.ts).
  const statements = await PreparedStatements.create(pglite);
  const listeners = new Map<number, () => Promise<void>>();
  const handle = async (request: ThreadRequest) => {
    try {
      switch (request.op) {
        case 'query': {
          const result = await statements.query(request.text, request.values);
          reply({ id: request.id, ok: true, results: [{ rows: result.rows as Record<string, unknown>[], affectedRows: result.affectedRows }] });
          break;
        }
        case 'exec': {
          const results = await pglite.exec(request.text);
          reply({ id: request.id, ok: true, results: results.map((r) => ({ rows: r.rows as Record<string, unknown>[], affectedRows: r.affectedRows })) });
          break;
        }
        case 'listen': {
          const listenId = request.id;
          listeners.set(listenId, await pglite.listen(request.channel, (payload) => reply({ notification: listenId, payload })));
          reply({ id: request.id, ok: true, results: [] });
          break;
        }
        case 'unlisten': {
          await listeners.get(request.listenId)?.();
          listeners.delete(request.listenId);
          reply({ id: request.id, ok: true, results: [] });
          break;
        }
        case 'close': {
          if (!pglite.closed) await pglite.close();
          reply({ id: request.id, ok: true, results: [] });
          port.close();
          break;
        }
      }
    } catch (error) {
      reply({ id: request.id, ok: false, error: plainError(error) });
    }
  };
  port.on('message', (request: ThreadRequest) => void handle(request));
  reply({ ready: true });
} catch (error) {
  reply({ ready: false, error: plainError(error) });
}
