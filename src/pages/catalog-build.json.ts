import type { APIRoute } from 'astro';
import { buildManifest } from '../features/catalog';

/*
 * Written once per build, from the catalogue this build's pages were rendered from: the server compares
 * it with the database to find the catalogue pages a later change made stale
 * (src/features/catalog/server/fresh-catalog.ts). Product data only, all of it public on the pages.
 */
export const GET: APIRoute = async () => new Response(JSON.stringify(await buildManifest()), { headers: { 'Content-Type': 'application/json' } });
