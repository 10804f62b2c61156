import type { APIRoute } from 'astro';
import { buildApi } from '../../app/api';
import { apiBindings } from '../../platform/server/request-context';

export const prerender = false;

const api = buildApi();

// The Node server decided the client's address (TRUST_PROXY) and the request id before Astro saw the
// request; Astro's own clientAddress is the socket's peer, which behind a proxy is the proxy.
export const ALL: APIRoute = ({ request, clientAddress }) => api.fetch(request, apiBindings(clientAddress));
