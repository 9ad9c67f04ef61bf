import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { ContentSection } from '../../db/tables/content';

type EntryValues = {
  slug: string;
  title_en: string;
  title_ar: string;
  summary_en: string;
  summary_ar: string;
  body_en: string;
  body_ar: string;
  published: boolean;
};

const LIST_COLUMNS = ['id', 'section', 'slug', 'title_en', 'title_ar', 'summary_en', 'summary_ar', 'published', 'published_at', 'created_at', 'updated_at'] as const;

export function createContentRepo(db: Kysely<DB>) {
  return {
    findById(id: number) {
      return db.selectFrom('content_pages').selectAll().where('id', '=', id).executeTakeFirst();
    },
    findPublished(section: ContentSection, slug: string) {
      return db.selectFrom('content_pages').selectAll().where('section', '=', section).where('slug', '=', slug).where('published', '=', true).executeTakeFirst();
    },
    listPublished(section: ContentSection) {
      return db
        .selectFrom('content_pages')
        .select(LIST_COLUMNS)
        .where('section', '=', section)
        .where('published', '=', true)
        .orderBy('published_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },
    listAll(section?: ContentSection) {
      let query = db.selectFrom('content_pages').select(LIST_COLUMNS);
      if (section) query = query.where('section', '=', section);
      return query.orderBy('section').orderBy('updated_at', 'desc').orderBy('id', 'desc').execute();
    },
    slugTaken(section: ContentSection, slug: string, exceptId?: number) {
      let query = db.selectFrom('content_pages').select('id').where('section', '=', section).where('slug', '=', slug);
      if (exceptId) query = query.where('id', '!=', exceptId);
      return query.executeTakeFirst().then(Boolean);
    },
    create(section: ContentSection, values: EntryValues, now: Date) {
      return db
        .insertInto('content_pages')
        .values({ section, ...values, published_at: values.published ? now : null, created_at: now, updated_at: now })
        .returningAll()
        .executeTakeFirstOrThrow();
    },
    update(id: number, values: EntryValues, publishedAt: Date | null, now: Date) {
      return db
        .updateTable('content_pages')
        .set({ ...values, published_at: publishedAt, updated_at: now })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
    },
    async delete(id: number) {
      const result = await db.deleteFrom('content_pages').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

export type ContentRepo = ReturnType<typeof createContentRepo>;
