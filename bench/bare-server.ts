// A bare Fastify route beside Lisan (npm run bench): the same machine's ceiling for a JSON
// POST, so the table can say what share of it Lisan's translate route serves.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.post('/api/translate', async (request) => {
  const body = request.body as { text?: string };
  return { status: 200, data: JSON.stringify({ text: body?.text ?? '' }), dictionary: '[]', type: null, message: null };
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
