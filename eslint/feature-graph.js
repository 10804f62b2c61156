// Which feature imports which, read from the sources, and the cycles in it. Features are layered
// by business area (accounts and catalog at the bottom, orders at the top): a feature may use one
// below it, never one above, so no two features ever need each other. When a lower feature needs
// something from a higher one, the higher one hands it in from above (src/app, src/pages).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { featureOf, importVisitors } from './feature-boundaries.js';

const SOURCE = /\.(ts|tsx|js|mjs|astro)$/;
// Static, type-only and dynamic imports, and re-exports: a type import is a dependency too.
const IMPORT = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|(?:^|\n)\s*import\s*['"]([^'"]+)['"]/g;

function sources(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return SOURCE.test(entry.name) ? [full] : [];
  });
}

/**
 * The feature graph: for each feature, the features it imports and, per edge, the first import
 * that makes it (`"catalog/components/ProductCard.astro imports ../../cart/ui"`), for messages.
 */
export function featureGraph(root) {
  /** @type {Map<string, Map<string, string>>} */
  const graph = new Map();
  const featuresDir = path.join(root, 'src', 'features');
  for (const file of sources(featuresDir)) {
    const from = featureOf(file, root);
    if (!from) continue;
    if (!graph.has(from.name)) graph.set(from.name, new Map());
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const spec = match[1] ?? match[2] ?? match[3];
      if (!spec || !spec.startsWith('.')) continue;
      const to = featureOf(path.resolve(path.dirname(file), spec), root);
      if (!to || !to.name || to.name === from.name) continue;
      const edges = graph.get(from.name);
      if (!edges.has(to.name)) edges.set(to.name, `${from.name}/${from.inner} imports ${spec}`);
    }
  }
  return graph;
}

/** The shortest chain of features from `from` to `to` (both included), or null when there is none. */
export function featurePath(graph, from, to) {
  const previous = new Map([[from, null]]);
  const queue = [from];
  while (queue.length > 0) {
    const current = queue.shift();
    for (const next of [...(graph.get(current)?.keys() ?? [])].sort()) {
      if (previous.has(next)) continue;
      previous.set(next, current);
      if (next === to) {
        const chain = [to];
        for (let at = current; at !== null; at = previous.get(at)) chain.unshift(at);
        return chain;
      }
      queue.push(next);
    }
  }
  return null;
}

/** A cycle as the messages show it: the chain, then the import that makes each step. */
export function describeCycle(graph, chain) {
  const steps = chain.slice(1).map((to, index) => graph.get(chain[index])?.get(to) ?? `${chain[index]} -> ${to}`);
  return `${chain.join(' -> ')} (${steps.join('; ')})`;
}

/** Every cycle between features, one per feature pair that closes one, shortest first. */
export function featureCycles(graph) {
  const seen = new Set();
  const cycles = [];
  for (const [from, edges] of [...graph].sort(([a], [b]) => a.localeCompare(b))) {
    for (const to of [...edges.keys()].sort()) {
      const back = featurePath(graph, to, from);
      if (!back) continue;
      const chain = [from, ...back];
      const key = [...new Set(chain)].sort().join(',');
      if (seen.has(key)) continue;
      seen.add(key);
      cycles.push(describeCycle(graph, chain));
    }
  }
  return cycles;
}

let cached = null;

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid imports that make two features depend on each other' },
    schema: [],
  },
  create(context) {
    const root = context.cwd;
    const from = featureOf(context.filename, root);
    if (!from) return {};
    // One lint run reads the sources once; an editor's long-lived process re-reads them after a pause.
    if (!cached || cached.root !== root || Date.now() - cached.at > 5000) cached = { root, at: Date.now(), graph: featureGraph(root) };
    const { graph } = cached;
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const to = featureOf(path.resolve(path.dirname(context.filename), source), root);
      if (!to || !to.name || to.name === from.name) return;
      const back = featurePath(graph, to.name, from.name);
      if (back) {
        context.report({
          node,
          message: `'${source}' makes features '${from.name}' and '${to.name}' depend on each other: ${describeCycle(graph, [from.name, ...back])}. Hand the higher feature's part in from src/app or the route instead.`,
        });
      }
    };
    return importVisitors(check);
  },
};

export default rule;
