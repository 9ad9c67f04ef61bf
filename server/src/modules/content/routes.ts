import { statusOnly } from '../../../../contract/common';
import { adminContentList, adminEntryAnswer, contentPreview, createEntryRequest, postList, previewRequest, publicEntryAnswer, updateEntryRequest } from '../../../../contract/content';
import { adminContext } from '../../http/access';
import { answers, type App } from '../../http/responses';
import { parseInput } from '../../http/validation';
import { idParamSchema, pageParamSchema, postParamSchema, postSectionSchema, sectionQuerySchema } from './schemas';
import type { ContentService } from './service';

export function contentRoutes(app: App, deps: { content: ContentService }) {
  const { content } = deps;

  // Public reads: published entries only.
  app.get('/api/content/pages/:slug', { schema: answers(publicEntryAnswer) }, async (request) => ({
    data: await content.getPage(parseInput(pageParamSchema, request.params).slug),
  }));
  app.get('/api/content/:section', { schema: answers(postList) }, async (request) => {
    const { section } = parseInput(postSectionSchema, request.params);
    return { data: await content.listPosts(section) };
  });
  app.get('/api/content/:section/:slug', { schema: answers(publicEntryAnswer) }, async (request) => {
    const { section, slug } = parseInput(postParamSchema, request.params);
    return { data: await content.getPost(section, slug) };
  });

  // The admin console's editor.
  const config = { access: 'admin' as const };
  app.get('/api/admin/content', { config, schema: answers(adminContentList) }, async (request) => ({
    data: await content.adminList(parseInput(sectionQuerySchema, request.query).section),
  }));
  app.get('/api/admin/content/:id', { config, schema: answers(adminEntryAnswer) }, async (request) => ({
    data: await content.adminGet(parseInput(idParamSchema, request.params).id),
  }));
  app.post('/api/admin/content', { config, schema: answers({ 201: adminEntryAnswer }) }, async (request, reply) =>
    reply.code(201).send({ data: await content.create(adminContext(request), parseInput(createEntryRequest, request.body)) }),
  );
  app.post('/api/admin/content/preview', { config, schema: answers(contentPreview) }, async (request) => ({
    data: content.preview(parseInput(previewRequest, request.body).markdown),
  }));
  app.post('/api/admin/content/:id', { config, schema: answers(adminEntryAnswer) }, async (request) => ({
    data: await content.update(adminContext(request), parseInput(idParamSchema, request.params).id, parseInput(updateEntryRequest, request.body)),
  }));
  app.post('/api/admin/content/:id/delete', { config, schema: answers(statusOnly) }, async (request) => {
    await content.delete(adminContext(request), parseInput(idParamSchema, request.params).id);
    return { status: 200 };
  });
}
