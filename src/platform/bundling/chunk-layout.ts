/**
 * The browser build's chunk layout (issue 30's "one shared chunk layout"). Left to itself, the
 * bundler splits modules by the exact set of entries that import them; with one entry per
 * component script and per island that made 30–70 files a page, each gzipped on its own, and a
 * file of a few hundred bytes compresses badly alone. Measured on the React build: gzipping each
 * page's files together would have saved 6 KB on catalogue pages and 9–15 KB on island pages.
 *
 * Three shared chunks instead:
 * - `react`: React, React DOM and the scheduler, which every island page loads and nothing else does;
 * - `shell`: what the layout's scripts (header, consent, availability, location, badges) import,
 *   which every page loads: the catalogue pages' whole budget;
 * - `islands`: what two or more islands import beside the shell (the API client, sessions, the
 *   error wording, toasts, outcomes), which a page with any island loads.
 * An island's own code stays in its own chunk, and what a screen loads on demand stays on demand.
 *
 * The sets are read from the module graph when it is complete (buildEnd) and used when chunks are
 * made, which comes after.
 */
import type { Plugin } from 'vite';

type Graph = {
  getModuleIds(): IterableIterator<string>;
  getModuleInfo(id: string): { isEntry: boolean; importedIds: readonly string[] } | null;
};

const REACT = /node_modules[\\/](react|react-dom|scheduler)[\\/]/;
const COMPONENT_SCRIPT = /\.astro\?astro&type=script/;

function reach(graph: Graph, from: Iterable<string>, stop: (id: string) => boolean): Map<string, number> {
  const count = new Map<string, number>();
  for (const entry of from) {
    const seen = new Set<string>();
    const queue = [entry];
    while (queue.length) {
      const id = queue.pop()!;
      if (seen.has(id) || stop(id)) continue;
      seen.add(id);
      count.set(id, (count.get(id) ?? 0) + 1);
      queue.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
    }
  }
  return count;
}

/** `layoutScripts`: the components whose scripts every page runs (file names, as `ConsentLayer.astro`). */
export function chunkLayout({ layoutScripts }: { layoutScripts: readonly string[] }) {
  const shell = new Set<string>();
  const islands = new Set<string>();
  const isLayoutScript = (id: string) =>
    COMPONENT_SCRIPT.test(id) && layoutScripts.some((name) => id.split('?')[0]!.endsWith(`/${name}`));

  const plugin: Plugin = {
    name: 'apobote:chunk-layout',
    applyToEnvironment: (environment) => environment.name === 'client',
    // The shared groups take modules without their dependencies, so an entry chunk may come to export
    // a module a group imports; rolldown wants that allowed. Astro sets 'exports-only' for the client.
    options(options) {
      return { ...options, preserveEntrySignatures: 'allow-extension' };
    },
    buildEnd() {
      const graph = this as unknown as Graph;
      const entries = [...graph.getModuleIds()].filter((id) => graph.getModuleInfo(id)?.isEntry);
      for (const id of reach(graph, entries.filter(isLayoutScript), (id) => REACT.test(id)).keys()) shell.add(id);
      // Nothing a component script imports goes into `islands`: a catalogue page's script would then
      // load the islands' chunk, and with it React.
      const scripts = reach(graph, entries.filter((id) => COMPONENT_SCRIPT.test(id)), (id) => REACT.test(id));
      const islandEntries = entries.filter((id) => !COMPONENT_SCRIPT.test(id));
      const shared = reach(graph, islandEntries, (id) => REACT.test(id) || scripts.has(id));
      // Shared by half the islands or more: with "two or more" the chunk held most of the checkout and
      // the back office, 62 KB gzip on every island page.
      const least = Math.ceil(islandEntries.length / 2);
      for (const [id, entriesUsing] of shared) if (entriesUsing >= least && !islandEntries.includes(id)) islands.add(id);
    },
    generateBundle(_options, bundle) {
      // `CHUNK_LAYOUT_REPORT=1 npx astro build`: which module went into which file, for weighing levers.
      if (!process.env.CHUNK_LAYOUT_REPORT) return;
      const chunks = Object.values(bundle).flatMap((item) =>
        item.type === 'chunk' ? [{ file: item.fileName, modules: Object.fromEntries(Object.entries(item.modules).map(([id, m]) => [id, m.renderedLength])) }] : [],
      );
      this.emitFile({ type: 'asset', fileName: 'chunk-layout.json', source: JSON.stringify(chunks) });
    },
  };

  const groups = [
    { name: 'react', test: REACT, priority: 30 },
    { name: 'shell', test: (id: string) => shell.has(id), priority: 20, includeDependenciesRecursively: false },
    { name: 'islands', test: (id: string) => islands.has(id), priority: 10, includeDependenciesRecursively: false },
  ];
  return { plugin, groups };
}
