import { createServer, type AddressInfo } from 'node:net';
import { createTestDb, type TestDb } from '../api/support/test-db';

/** The PostgreSQL-only suite runs under `npm run test:pg`, which sets DATABASE_URL. */
export async function createPgTestDb(): Promise<TestDb & { url: string }> {
  if (!process.env.DATABASE_URL) throw new Error('tests/pg need PostgreSQL: run them with `npm run test:pg` (DATABASE_URL)');
  const testDb = await createTestDb();
  if (!testDb.url) throw new Error('expected a PostgreSQL test database');
  return testDb as TestDb & { url: string };
}

/** A port nobody listens on right now (on 127.0.0.1). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
