/**
 * The tracking map's tiles: `MAP_TILE_URL` (a Leaflet URL template such as
 * `https://tile.example.org/{z}/{x}/{y}.png`) and `MAP_TILE_ATTRIBUTION` (plain text, shown under
 * the map). Unset (the default): no street map, the markers on a plain background.
 */
export function mapTilesFromEnv(env: NodeJS.ProcessEnv = process.env): { url: string; attribution: string } | null {
  const url = env.MAP_TILE_URL?.trim();
  if (!url || !/^https?:\/\//.test(url)) return null;
  return {
    url,
    attribution: env.MAP_TILE_ATTRIBUTION?.trim() || new URL(url.replace(/[{}]/g, '')).host,
  };
}

/** The origin the browser loads tiles from, for the Content-Security-Policy's img-src (null: none). */
export function mapTileOrigin(env: NodeJS.ProcessEnv = process.env): string | null {
  const tiles = mapTilesFromEnv(env);
  if (!tiles) return null;
  try {
    // Subdomain templates ({s}.tile…) allow the whole domain.
    const host = new URL(tiles.url.replace('{s}', 'a').replace(/[{}]/g, '')).host;
    const protocol = tiles.url.startsWith('https') ? 'https:' : 'http:';
    return tiles.url.includes('{s}.') ? `${protocol}//*.${host.split('.').slice(1).join('.')}` : `${protocol}//${host}`;
  } catch {
    return null;
  }
}
