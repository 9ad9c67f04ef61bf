/**
 * What the admin Engines screen and GET /api/health show about the translation engines: for each
 * direction and domain the chain and the engine answering now (the registry), the installed
 * models (MODELS_DIR) and the download state stored by the provisioner (any process).
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { JobQueue } from '../../jobs/queue';
import { installedModels, readModelStates } from '../../engines/bergamot/provision';
import type { EngineRegistry } from '../../engines/registry';
import type { AdminContext, AuditWriter } from '../admin/service';

export function createEnginesService(deps: {
  db: Kysely<DB>;
  registry: EngineRegistry;
  queue: JobQueue;
  modelsDir: string;
  sourceUrl: string;
  autoDownload: boolean;
  audit: AuditWriter;
}) {
  async function downloads() {
    const states = await readModelStates(deps.db);
    return (direction: string) => {
      const row = states.get(direction);
      if (!row) return null;
      const files = (row.files ?? []).map((f) => ({ ...f, percent: f.size ? Math.floor((f.bytes / f.size) * 100) : 100 }));
      return {
        state: row.state,
        version: row.version,
        variant: row.variant,
        source_url: row.source_url,
        files,
        bytes_total: row.bytes_total,
        bytes_done: row.bytes_done,
        percent: row.bytes_total ? Math.floor((row.bytes_done / row.bytes_total) * 100) : null,
        attempts: row.attempts,
        last_error: row.last_error,
        last_error_at: row.last_error_at ? new Date(row.last_error_at).toISOString() : null,
        next_attempt_at: row.next_attempt_at ? new Date(row.next_attempt_at).toISOString() : null,
        installed_at: row.installed_at ? new Date(row.installed_at).toISOString() : null,
        updated_at: new Date(row.updated_at).toISOString(),
      };
    };
  }

  return {
    /** The admin screen's data. */
    async status() {
      const download = await downloads();
      const models = new Map(installedModels(deps.modelsDir).map((m) => [m.direction, m]));
      const described = deps.registry.describe();
      const directions = [...new Set(described.map((d) => `${d.source}-${d.target}`))].map((direction) => {
        const rows = described.filter((d) => `${d.source}-${d.target}` === direction);
        return {
          direction,
          source: rows[0]!.source,
          target: rows[0]!.target,
          domains: rows.map((r) => ({ domain: r.domain, chain: r.chain, active: r.active })),
          model: models.get(direction) ?? null,
          download: download(direction),
        };
      });
      return { directions, engines: deps.registry.router.engineIds, source_url: deps.sourceUrl, auto_download: deps.autoDownload };
    },

    /** For GET /api/health: the engine answering each direction now, and the model's state. */
    async health() {
      const download = await downloads();
      const models = new Map(installedModels(deps.modelsDir).map((m) => [m.direction, m]));
      return Object.fromEntries(
        (['en-ar', 'ar-en'] as const).map((direction) => {
          const [source, target] = direction.split('-') as ['en' | 'ar', 'en' | 'ar'];
          return [direction, { engine: deps.registry.answering(source, target), model_version: models.get(direction)?.version ?? null, model: download(direction)?.state ?? (models.has(direction) ? 'installed' : 'missing') }];
        }),
      );
    },

    /** Re-check (download what is missing or newer) or re-download everything, in the worker. */
    async check(context: AdminContext, input: { force: boolean }) {
      const jobId = await deps.queue.send('models-provision', { force: input.force }, { singletonKey: `models-provision-${input.force ? 'force' : 'check'}` });
      await deps.audit(context, input.force ? 'engines.models.redownload' : 'engines.models.check', { type: 'engines', id: null }, null, { force: input.force, job_id: jobId });
      return { job_id: jobId };
    },
  };
}

export type EnginesService = ReturnType<typeof createEnginesService>;
