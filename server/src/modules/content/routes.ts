import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../http/validation';
import { createEntrySchema, idParamSchema, postSectionSchema, previewSchema, sectionQuerySchema, updateEntrySchema } from './schemas';
import type { ContentService } from './service';

export function contentRoutes(app: FastifyInstance, deps: { content: ContentService }) {
  const { content } = deps;

  // Public reads: published entries only.
  app.get<{ Params: { slug: string } }>('/api/content/pages/:slug', async (request) => ({ data: await content.getPage(request.params.slug) }));
  app.get<{ Params: { section: string } }>('/api/content/:section', async (request) => {
    const { section } = parseInput(postSectionSchema, request.params);
    return { data: await content.listPosts(section) };
  });
  app.get<{ Params: { section: string; slug: string } }>('/api/content/:section/:slug', async (request) => {
    const { section } = parseInput(postSectionSchema, { section: request.params.section });
    return { data: await content.getPost(section, request.params.slug) };
  });

  // The admin console's editor.
  const admin = { config: { access: 'admin' as const } };
  app.get('/api/admin/content', admin, async (request) => ({ data: await content.adminList(parseInput(sectionQuerySchema, request.query).section) }));
  app.get('/api/admin/content/:id', admin, async (request) => ({ data: await content.adminGet(parseInput(idParamSchema, request.params).id) }));
  app.post('/api/admin/content', admin, async (request, reply) => reply.code(201).send({ data: await content.create(parseInput(createEntrySchema, request.body)) }));
  app.post('/api/admin/content/preview', admin, async (request) => ({ data: content.preview(parseInput(previewSchema, request.body).markdown) }));
  app.post('/api/admin/content/:id', admin, async (request) => ({
    data: await content.update(parseInput(idParamSchema, request.params).id, parseInput(updateEntrySchema, request.body)),
  }));
  app.post('/api/admin/content/:id/delete', admin, async (request) => {
    await content.delete(parseInput(idParamSchema, request.params).id);
    return { status: 200 };
  });
}
