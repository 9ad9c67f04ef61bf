import type { FastifyInstance } from 'fastify';
import type { PlansService } from './service';

export function plansRoutes(app: FastifyInstance, deps: { plans: PlansService }) {
  app.get('/api/plans', async (_request, reply) => {
    reply.type('application/json; charset=utf-8').header('cache-control', 'no-cache');
    return reply.send(await deps.plans.publicPlansJson());
  });
}
