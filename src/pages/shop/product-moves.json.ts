import type { APIRoute } from 'astro';
import { movedProductPages } from '../../features/catalog/ui';

// Prerendered with the pages it points to, so a rebuilt site brings its own redirects (read by the server).
export const prerender = true;

export const GET: APIRoute = async () =>
  new Response(JSON.stringify(await movedProductPages()), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
