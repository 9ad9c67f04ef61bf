// Runs filter tasks in a worker thread (see sandbox.ts) and posts results back: one task
// given as workerData (one-shot), or a stream of { id, task } messages (a pooled worker).
import { parentPort, workerData } from 'node:worker_threads';
import { detectFormat } from './detect';
import { isDocumentError, type DocumentError } from './errors';
import { analyzeDocument, mergeDocument } from './index';
import type { SandboxTask } from './sandbox';

async function run(task: SandboxTask) {
  let repairs = 0;
  const onRepair = (_index: number, count: number) => {
    repairs += count;
  };
  switch (task.kind) {
    case 'detect':
      return { result: await detectFormat(task.path, task.limits), repairs };
    case 'inspect': {
      const format = await detectFormat(task.path, task.options.limits);
      return { result: { format, analysis: await analyzeDocument(task.path, format, task.options) }, repairs };
    }
    case 'analyze':
      return { result: await analyzeDocument(task.path, task.format, task.options), repairs };
    case 'merge':
      await mergeDocument(task.path, task.format, task.outPath, task.input, { ...task.options, onRepair });
      return { result: null, repairs };
  }
}

function reply(id: number | undefined, task: SandboxTask) {
  run(task).then(
    (outcome) => parentPort!.postMessage({ id, ok: true, ...outcome }),
    (error: unknown) => {
      const documentError = isDocumentError(error) ? (error as DocumentError) : null;
      parentPort!.postMessage({
        id,
        ok: false,
        error: documentError
          ? { document: true, code: documentError.code, message: documentError.message, params: documentError.params }
          : { document: false, message: error instanceof Error ? `${error.name}: ${error.message}` : String(error) },
      });
    },
  );
}

if (workerData) reply(undefined, workerData as SandboxTask);
else parentPort!.on('message', (message: { id: number; task: SandboxTask }) => reply(message.id, message.task));
