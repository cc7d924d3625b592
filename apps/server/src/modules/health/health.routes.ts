import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance.ts';

const healthSchema = z.object({ status: z.enum(['ok', 'error']), database: z.enum(['up', 'down']) });

/** GET /api/health: for load balancers and start scripts; answers 503 when the database does not. */
export async function healthRoutes(app: AppInstance): Promise<void> {
  app.get(
    '/health',
    { config: { public: true }, schema: { response: { 200: healthSchema, 503: healthSchema } } },
    async (request, reply) => {
      try {
        await withTimeout(app.db.execute(sql`select 1`), 3_000);
        return { status: 'ok' as const, database: 'up' as const };
      } catch (error) {
        request.log.warn({ err: error }, 'health check: database unavailable');
        return reply.status(503).send({ status: 'error', database: 'down' });
      }
    },
  );
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
