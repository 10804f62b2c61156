import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateApiTypes } from '../../../src/platform/api-client/generate';

describe('the islands’ API types', () => {
  it('match the OpenAPI document the server publishes (run `npm run api:types` after changing a route)', async () => {
    const committed = readFileSync('src/platform/api-client/schema.d.ts', 'utf8');
    expect(committed).toBe(await generateApiTypes());
  });
});
