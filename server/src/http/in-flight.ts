import type { FastifyInstance } from 'fastify';
import { settledWithin } from '../shutdown';

declare module 'fastify' {
  interface FastifyInstance {
    /** The requests being handled (http/in-flight.ts): shutdown waits for them. */
    requestsInFlight: RequestsInFlight;
  }
}

export interface RequestsInFlight {
  readonly count: number;
  /** Resolves true once nothing is in flight, or false after `timeoutMs`. */
  settled(timeoutMs: number): Promise<boolean>;
}

/**
 * Counts the requests in flight. A request is in flight until its response is closed and its
 * handler has settled: a client that goes away closes the response, but the handler runs on
 * and its writes (usage, group-committed batches) still have to reach the database. Call
 * before the routes are registered (the handlers are wrapped as routes are added).
 */
export function trackRequestsInFlight(app: FastifyInstance) {
  const running = new Set<Promise<unknown>>();
  const track = (work: Promise<unknown>) => {
    const settled: Promise<unknown> = work.then(
      () => running.delete(settled),
      () => running.delete(settled),
    );
    running.add(settled);
  };

  app.addHook('onRequest', (_request, reply, done) => {
    track(new Promise((resolve) => reply.raw.once('close', resolve)));
    done();
  });
  app.addHook('onRoute', (route) => {
    const handler = route.handler;
    route.handler = function (this: FastifyInstance, ...args: Parameters<typeof handler>) {
      const result: unknown = handler.apply(this, args);
      if (result instanceof Promise) track(result);
      return result as ReturnType<typeof handler>;
    };
  });

  const tracker: RequestsInFlight = {
    get count() {
      return running.size;
    },
    settled: (timeoutMs) => settledWithin(running, timeoutMs),
  };
  app.decorate('requestsInFlight', tracker);
}

/**
 * Closes the HTTP side for shutdown: no new connection is accepted (a request on a kept-alive
 * one is answered 503), the requests in flight finish (at most `timeoutMs`), then the
 * connections left are closed: idle kept-alive ones would otherwise hold `close()` until their
 * keep-alive timeout (72 s), past the shutdown's grace.
 */
export async function closeHttp(app: FastifyInstance, timeoutMs: number) {
  const closed = app.close();
  const finished = await app.requestsInFlight.settled(timeoutMs);
  if (finished) app.server.closeIdleConnections();
  else app.server.closeAllConnections();
  await closed;
}
