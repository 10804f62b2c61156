// A feature is used only through its public doors: `index.ts` (what runs in Node: routes, scripts,
// page frontmatter; also the browser's door when everything in it is browser-safe), `client.ts`
// (what browser code may import: it reaches no server code) and `ui.ts` (Astro components for
// pages; Node scripts cannot load .astro files). Anything else under src/features/<name>/ is
// internal to that feature. Which feature may use which is feature-graph.js's concern.
import path from 'node:path';

export const PUBLIC_ENTRIES = ['index', 'ui', 'client'];
const SOURCE_EXTENSIONS = /\.(ts|tsx|js|mjs|astro)$/;

/** Returns the feature a path belongs to and the path inside it, or null outside src/features. */
export function featureOf(absolutePath, root) {
  const relative = path.relative(path.join(root, 'src', 'features'), absolutePath);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const [name, ...rest] = relative.split(path.sep);
  return { name, inner: rest.join('/') };
}

/** Why importing `source` from `importer` crosses a feature boundary, or null when it is allowed. */
export function boundaryViolation(importer, source, root) {
  if (!source.startsWith('.')) return null; // packages and aliases are not features
  const target = featureOf(path.resolve(path.dirname(importer), source), root);
  if (!target || !target.name) return null;
  const from = featureOf(importer, root);
  if (from && from.name === target.name) return null;
  const entry = target.inner.replace(SOURCE_EXTENSIONS, '');
  if (entry === '' || PUBLIC_ENTRIES.includes(entry)) return null;
  return `'${source}' reaches into feature '${target.name}' (${target.inner}); import from its public index.ts, client.ts or ui.ts instead`;
}

/** ESLint visitors calling `check(node, source)` for every import, re-export and import(). */
export function importVisitors(check) {
  return {
    ImportDeclaration: (node) => check(node, node.source.value),
    ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
    ExportAllDeclaration: (node) => check(node, node.source.value),
    ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
  };
}

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: "Forbid importing another feature's internals" },
    schema: [],
  },
  create(context) {
    const root = context.cwd;
    const filename = context.filename;
    // Tests exercise a feature's pure internals directly.
    if (path.relative(root, filename).startsWith(`tests${path.sep}`)) return {};
    const check = (node, source) => {
      if (typeof source !== 'string') return;
      const message = boundaryViolation(filename, source, root);
      if (message) context.report({ node, message });
    };
    return importVisitors(check);
  },
};

export default rule;
