import { mkdtemp, mkdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOVED_PRODUCTS_FILE, movedProductRedirects } from '../../../src/features/catalog/server/moved-products';

let clientDir: string;
const write = async (moved: Record<string, string>, mtime: Date) => {
  const file = path.join(clientDir, MOVED_PRODUCTS_FILE);
  await writeFile(file, JSON.stringify(moved));
  await utimes(file, mtime, mtime);
};

beforeAll(async () => {
  clientDir = await mkdtemp(path.join(tmpdir(), 'apobote-moved-'));
  await mkdir(path.join(clientDir, 'shop'), { recursive: true });
});
afterAll(() => rm(clientDir, { recursive: true, force: true }));

describe('moved product pages', () => {
  it('send a size\'s former page, in either language, to its size on the group\'s page', async () => {
    await write({ 'ibuprofen-al-400-mg-10019621': 'ibuprofen-al-400-mg/10019621' }, new Date(2026, 0, 1));
    const redirect = movedProductRedirects(clientDir);
    expect(redirect('/shop/product/ibuprofen-al-400-mg-10019621/')).toBe('/shop/product/ibuprofen-al-400-mg/10019621/');
    expect(redirect('/de/shop/product/ibuprofen-al-400-mg-10019621')).toBe('/de/shop/product/ibuprofen-al-400-mg/10019621/');
  });

  it('leave every other page alone: current pages, lone products, other paths', async () => {
    await write({ 'ibuprofen-al-400-mg-10019621': 'ibuprofen-al-400-mg/10019621' }, new Date(2026, 0, 1));
    const redirect = movedProductRedirects(clientDir);
    expect(redirect('/shop/product/ibuprofen-al-400-mg/')).toBeNull();
    expect(redirect('/shop/product/ibuprofen-al-400-mg/10019621/')).toBeNull();
    expect(redirect('/shop/product/nasenspray-17377588/')).toBeNull();
    expect(redirect('/shop/product/constructor-10019621/')).toBeNull();
    expect(redirect('/shop/category/ibuprofen-al-400-mg-10019621/')).toBeNull();
  });

  it('follow a rebuilt site\'s map, and answer nothing without one', async () => {
    const redirect = movedProductRedirects(clientDir);
    await write({}, new Date(2026, 0, 1));
    expect(redirect('/shop/product/gel-04877800/')).toBeNull();
    await write({ 'gel-04877800': 'gel/04877800' }, new Date(2026, 0, 2));
    expect(redirect('/shop/product/gel-04877800/')).toBe('/shop/product/gel/04877800/');
    expect(movedProductRedirects(path.join(clientDir, 'missing'))('/shop/product/gel-04877800/')).toBeNull();
  });
});
