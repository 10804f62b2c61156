import type { APIRoute } from 'astro';
import { buildApi } from '../../app/api';

export const prerender = false;

const api = buildApi();

// The client address is handed to Hono so per-IP rate limits work without trusting proxy headers.
export const ALL: APIRoute = ({ request, clientAddress }) => api.fetch(request, { clientAddress });
