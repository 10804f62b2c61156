import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { featureCycles, featureGraph, featurePath } from '../../../eslint/feature-graph.js';

type Graph = Map<string, Map<string, string>>;
const graphOf = (edges: Record<string, string[]>): Graph =>
  new Map(Object.entries(edges).map(([from, tos]) => [from, new Map(tos.map((to) => [to, `${from}/x.ts imports ../../${to}`]))]));

describe('the feature graph', () => {
  it('has no cycle: a feature uses only features below it (the lint rule apobote/feature-cycles names the import)', () => {
    expect(featureCycles(featureGraph(process.cwd()) as Graph)).toEqual([]);
  });

  it('would name a cycle with the imports that close it', () => {
    const graph = graphOf({ catalog: ['cart'], cart: ['pharmacies'], pharmacies: ['catalog'], orders: ['cart'] });
    expect(featureCycles(graph)).toEqual([
      'cart -> pharmacies -> catalog -> cart (cart/x.ts imports ../../pharmacies; pharmacies/x.ts imports ../../catalog; catalog/x.ts imports ../../cart)',
    ]);
    expect(featurePath(graph, 'orders', 'catalog')).toEqual(['orders', 'cart', 'pharmacies', 'catalog']);
    expect(featurePath(graph, 'catalog', 'orders')).toBeNull();
  });

  it('reads imports of every kind from the sources: .astro frontmatter, type-only and dynamic imports', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'feature-graph-'));
    const write = (file: string, text: string) => {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), text);
    };
    try {
      write('src/features/shop/components/Page.astro', "---\nimport { Button } from '../../cart/ui';\n---\n<Button />\n");
      write('src/features/cart/model/line.ts', "import type { Product } from '../../shop';\nexport type Line = Product;\n");
      write('src/features/cart/browser/late.ts', "export const later = () => import('../../wishlist/client');\n");
      write('src/features/wishlist/index.ts', 'export {};\n');
      const graph = featureGraph(root) as Graph;
      expect(graph.get('cart')?.get('wishlist')).toBe('cart/browser/late.ts imports ../../wishlist/client');
      expect(featureCycles(graph)).toEqual([
        'cart -> shop -> cart (cart/model/line.ts imports ../../shop; shop/components/Page.astro imports ../../cart/ui)',
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
