import type { FastifyInstance } from 'fastify';
import { requireActor } from '../../http/access';
import type { UsersService } from './service';

export function usersRoutes(app: FastifyInstance, deps: { users: UsersService }) {
  app.get('/api/user', { config: { access: 'verified' } }, async (request) => deps.users.getProfile(requireActor(request).user));
}
