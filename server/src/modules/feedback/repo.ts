import type { Insertable, Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { FeedbackTable, TranslationSuggestionsTable } from '../../db/tables/feedback';

export function createFeedbackRepo(db: Kysely<DB>) {
  return {
    insertSuggestion(row: Insertable<TranslationSuggestionsTable>) {
      return db.insertInto('translation_suggestions').values(row).returning('id').executeTakeFirstOrThrow();
    },
    insertFeedback(row: Insertable<FeedbackTable>) {
      return db.insertInto('feedback').values(row).returning('id').executeTakeFirstOrThrow();
    },
  };
}

export type FeedbackRepo = ReturnType<typeof createFeedbackRepo>;
