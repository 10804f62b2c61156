import { productsByPzn, toProductDto, type ProductRow } from '../../catalog';
import { stockAt, stockStatus } from '../../pharmacies';
import { siteConfig } from '../../../platform/config/site';
import { errorMessages } from '../../../platform/http/error-codes';
import type { RequestContext } from '../../../platform/http/app';
import { translator } from '../../../platform/i18n/messages';
import { cartMessages } from '../i18n/messages';
import { duplicateIngredients } from '../model/duplicate-ingredients';
import { MAX_QUANTITY_PER_LINE } from '../model/limits';
import { lineTotalCents, priceCart } from '../model/pricing';
import { capQuantity, cartLines, cartPharmacy, removeLine, type ItemRow } from './cart-repo';
import type { CartDto, CartWarning } from './dto';

type StockWarningCode = 'STOCK_INSUFFICIENT' | 'SOLD_OUT' | 'PRESCRIPTION_REQUIRED';

/** A line-level warning with the catalogue's message in the request language. */
export function lineWarning(ctx: RequestContext, code: StockWarningCode, pzn: string, requested: number, available: number): CartWarning {
  return { code, message: errorMessages[ctx.locale][code], pzn, requestedQuantity: requested, availableQuantity: available };
}

/**
 * What a checked cart was read from, for a caller that needs the same rows next (the checkout's
 * quote) instead of reading them again: the lines as they are after the check, the catalogue rows
 * and the stock of the pharmacy (null without one) for at least those lines.
 */
export interface CheckedCartRows {
  pharmacyId: string | null;
  lines: ItemRow[];
  products: ReadonlyMap<string, ProductRow>;
  stock: ReadonlyMap<string, number> | null;
}

/**
 * The customer's cart as the API answers it. Every read re-checks the lines (spec: stock is checked
 * when the cart opens): withdrawn, now prescription-only or sold-out products leave the cart and
 * short lines shrink to the pharmacy's stock, each with a warning. `carried` are the warnings of the
 * change that led here.
 */
export async function cartView(ctx: RequestContext, userId: string, carried: CartWarning[] = [], known?: KnownCart): Promise<CartDto> {
  return (await checkedCart(ctx, userId, carried, known)).cart;
}

/**
 * What the request that answers with the cart has just read or written itself, so it is not read
 * again: the cart's pharmacy, and the catalogue rows and stock (at that pharmacy) of the line it
 * changed, read a moment ago in the same request. Lines it does not cover are read as usual.
 */
export interface KnownCart {
  pharmacyId: string | null;
  products?: ReadonlyMap<string, ProductRow>;
  stock?: ReadonlyMap<string, number>;
}

/** `known` completed with a read of the keys it lacks (none read when it has them all). */
async function withMissing<T>(known: ReadonlyMap<string, T> | undefined, keys: readonly string[], read: (missing: string[]) => Promise<Map<string, T>>): Promise<ReadonlyMap<string, T>> {
  const missing = known ? keys.filter((key) => !known.has(key)) : [...keys];
  if (missing.length === 0 && known) return known;
  const fetched = await read(missing);
  return known ? new Map([...known, ...fetched]) : fetched;
}

/** cartView, with the rows it was read from. */
export async function checkedCart(ctx: RequestContext, userId: string, carried: CartWarning[] = [], known?: KnownCart): Promise<{ cart: CartDto; rows: CheckedCartRows }> {
  const { db } = ctx;
  const [rows, pharmacyId] = await Promise.all([cartLines(db, userId), known ? known.pharmacyId : cartPharmacy(db, userId)]);
  const pzns = rows.map((row) => row.pzn);
  const [catalogue, stock] = await Promise.all([
    withMissing(known?.products, pzns, (missing) => productsByPzn(db, missing)),
    pharmacyId ? withMissing(known?.stock, pzns, (missing) => stockAt(db, pharmacyId, missing)) : null,
  ]);

  const warnings = [...carried];
  const lines: CartDto['lines'] = [];
  for (const row of rows) {
    const product = catalogue.get(row.pzn);
    const held = stock ? (stock.get(row.pzn) ?? 0) : null;
    if (!product || !product.active || product.kind === 'prescription' || held === 0) {
      await removeLine(db, userId, row.pzn);
      const code = product?.active && product.kind === 'prescription' ? 'PRESCRIPTION_REQUIRED' : 'SOLD_OUT';
      warnings.push(lineWarning(ctx, code, row.pzn, row.quantity, 0));
      continue;
    }
    // The maximum may have been lowered since the line was added: shrink silently to the new rule.
    const allowed = Math.min(held ?? MAX_QUANTITY_PER_LINE, MAX_QUANTITY_PER_LINE);
    let quantity = row.quantity;
    if (quantity > allowed) {
      await capQuantity(db, userId, row.pzn, allowed);
      if (held !== null && held < row.quantity) warnings.push(lineWarning(ctx, 'STOCK_INSUFFICIENT', row.pzn, row.quantity, allowed));
      quantity = allowed;
    }
    lines.push({
      pzn: row.pzn,
      quantity,
      unitPriceCents: product.priceCents,
      lineTotalCents: lineTotalCents({ unitPriceCents: product.priceCents, quantity }),
      product: toProductDto(product),
      // Same statuses as the pharmacy availability endpoint; "unknown" until a pharmacy is chosen.
      availability: { status: held === null ? 'unknown' : stockStatus(held), stock: held },
    });
  }

  const t = translator(cartMessages, ctx.locale);
  for (const duplicate of duplicateIngredients(lines.map((line) => ({ pzn: line.pzn, activeIngredients: line.product.activeIngredients })))) {
    warnings.push({
      code: 'DUPLICATE_ACTIVE_INGREDIENT',
      message: t('duplicateIngredient', { ingredient: duplicate.ingredient }),
      ingredient: duplicate.ingredient,
      pzns: duplicate.pzns,
    });
  }

  const { delivery } = siteConfig();
  const settings = { deliveryFeeCents: delivery.feeCents, freeDeliveryFromCents: delivery.freeFromCents };
  const totals = priceCart(
    lines.map((line) => ({ pzn: line.pzn, unitPriceCents: line.unitPriceCents, quantity: line.quantity, vatRate: line.product.vatRate })),
    settings,
  );
  const cart: CartDto = {
    pharmacyId,
    maxQuantityPerLine: MAX_QUANTITY_PER_LINE,
    lines,
    totals: { ...totals, freeDeliveryFromCents: settings.freeDeliveryFromCents },
    warnings,
  };
  return { cart, rows: { pharmacyId, lines: lines.map(({ pzn, quantity }) => ({ pzn, quantity })), products: catalogue, stock } };
}
