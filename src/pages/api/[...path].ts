import type { APIRoute } from 'astro';
import { buildApi } from '../../app/api';

export const prerender = false;

const api = buildApi();

export const ALL: APIRoute = ({ request }) => api.fetch(request);
