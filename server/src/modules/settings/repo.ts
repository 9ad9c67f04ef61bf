import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export function createSettingsRepo(db: Kysely<DB>) {
  return {
    listAll() {
      return db.selectFrom('site_settings').select(['setting_name', 'setting_value', 'is_public']).orderBy('setting_name').execute();
    },
    async upsertMany(values: Record<string, string>, now: Date) {
      await db.transaction().execute(async (trx) => {
        for (const [setting_name, setting_value] of Object.entries(values)) {
          await trx
            .insertInto('site_settings')
            .values({ setting_name, setting_value, updated_at: now })
            .onConflict((oc) => oc.column('setting_name').doUpdateSet({ setting_value, updated_at: now }))
            .execute();
        }
      });
    },
  };
}

export type SettingsRepo = ReturnType<typeof createSettingsRepo>;
