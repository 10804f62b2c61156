import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** Written by the build (src/pages/shop/product-moves.json.ts): former product slug → current slug. */
export const MOVED_PRODUCTS_FILE = 'shop/product-moves.json';

/** A product page path, English or German, whose slug ends in a PZN: the shape of a pre-group page. */
const STANDALONE_PRODUCT_PAGE = /^(\/de)?\/shop\/product\/((?:[a-z0-9-]+-)?\d{8})\/?$/;

/**
 * The permanent redirect for a pack size's former page (`/shop/product/<name>-<pzn>/`, before sizes
 * were grouped) to its group's page with that size chosen, or null. The map is re-read when the file
 * changes, since the operator's rebuild swaps the built site under a running server.
 */
export function movedProductRedirects(clientDir: string): (pathname: string) => string | null {
  const file = path.join(clientDir, MOVED_PRODUCTS_FILE);
  let loaded: { mtimeMs: number; moved: Record<string, string> } | undefined;
  const moved = (): Record<string, string> => {
    let mtimeMs: number;
    try {
      mtimeMs = statSync(file).mtimeMs;
    } catch {
      return {};
    }
    if (loaded?.mtimeMs !== mtimeMs) loaded = { mtimeMs, moved: JSON.parse(readFileSync(file, 'utf8')) as Record<string, string> };
    return loaded.moved;
  };
  return (pathname) => {
    const match = STANDALONE_PRODUCT_PAGE.exec(pathname);
    if (!match) return null;
    const target = Object.hasOwn(moved(), match[2]!) ? moved()[match[2]!] : undefined;
    return target ? `${match[1] ?? ''}/shop/product/${target}/` : null;
  };
}
