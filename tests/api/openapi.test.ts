import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from './support/test-db';
import { testApi } from './support/api';

type Operation = { tags?: string[]; summary?: string; responses: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }> };
type Document = { openapi: string; paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, unknown> } };

let testDb: TestDb;
let app: ReturnType<typeof testApi>;
let doc: Document;

beforeAll(async () => {
  testDb = await createTestDb();
  app = testApi(testDb);
  const response = await app.request('/api/openapi.json');
  expect(response.status).toBe(200);
  doc = (await response.json()) as Document;
});
afterAll(() => testDb?.close());

/** Hono's `/api/x/:id` is OpenAPI's `/api/x/{id}`. */
const toOpenApiPath = (path: string) => path.replace(/:([^/]+)/g, '{$1}');

/** Every route the app answers, excluding middleware (method ALL) and the document itself. */
function registeredRoutes() {
  return app.routes
    .filter((route) => route.method !== 'ALL' && route.path !== '/api/openapi.json')
    .map((route) => ({ method: route.method.toLowerCase(), path: toOpenApiPath(route.path) }));
}

describe('GET /api/openapi.json', () => {
  it('is OpenAPI 3.1', () => {
    expect(doc.openapi).toBe('3.1.0');
  });

  it('documents every registered route', () => {
    const routes = registeredRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(9);
    for (const { method, path } of routes) expect(doc.paths[path]?.[method], `${method.toUpperCase()} ${path}`).toBeDefined();
  });

  // Other features add their own paths; these are the ones this suite's features must keep.
  it('documents the shop and platform routes', () => {
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/health',
        '/api/shop/v1/categories',
        '/api/shop/v1/config',
        '/api/shop/v1/pharmacies',
        '/api/shop/v1/pharmacies/{id}',
        '/api/shop/v1/popular-searches',
        '/api/shop/v1/products',
        '/api/shop/v1/products/{pzn}',
      ]),
    );
  });

  it('gives each operation tags, a summary, a success schema and the error schema', () => {
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const where = `${method.toUpperCase()} ${path}`;
        expect(operation.tags?.length, where).toBeGreaterThan(0);
        expect(operation.summary, where).toBeTruthy();
        const success = Object.entries(operation.responses).filter(([status]) => status.startsWith('2'));
        expect(success.length, where).toBeGreaterThan(0);
        // 204 No Content is the one success without a body; an event stream answers text/event-stream, an invoice application/pdf, a chat photo image/jpeg or image/png.
        for (const [status, response] of success) {
          if (status !== '204')
            expect(
              response.content?.['application/json']?.schema ??
                response.content?.['text/event-stream']?.schema ??
                response.content?.['application/pdf']?.schema ??
                response.content?.['image/jpeg']?.schema,
              `${where} ${status}`,
            ).toBeDefined();
        }
        const errors = Object.entries(operation.responses).filter(([status]) => Number(status) >= 400);
        expect(errors.length, where).toBeGreaterThan(0);
        const errorRefs = errors.map(([, response]) => response.content?.['application/json']?.schema?.$ref);
        expect(errorRefs, where).toContain('#/components/schemas/Error');
      }
    }
  });

  it('documents the parameters and their failure statuses', () => {
    const products = doc.paths['/api/shop/v1/products']?.get as Operation & { parameters: { name: string; in: string }[] };
    expect(products.parameters.map((p) => `${p.in}:${p.name}`).sort()).toEqual(['query:category', 'query:page', 'query:pageSize']);
    expect(Object.keys(products.responses).sort()).toEqual(['200', '400', '404', '500']);
    const product = doc.paths['/api/shop/v1/products/{pzn}']?.get as Operation & { parameters: { name: string; in: string }[] };
    expect(product.parameters).toEqual([expect.objectContaining({ name: 'pzn', in: 'path', required: true })]);
  });

  it('names its component schemas', () => {
    for (const name of ['Error', 'Category', 'CategoryList', 'Product', 'ProductPage', 'Pharmacy', 'PharmacyList', 'PopularSearchList', 'RemoteConfig', 'Health']) {
      expect(doc.components.schemas, name).toHaveProperty(name);
    }
  });
});
