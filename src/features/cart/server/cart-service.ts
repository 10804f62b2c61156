import { activeProduct, type ProductRow } from '../../catalog';
import { activePharmacy, stockAt } from '../../pharmacies';
import type { RequestContext } from '../../../platform/http/app';
import { fail, ok, type Result } from '../../../platform/http/result';
import { hasShippingAddress } from '../../addresses';
import { MAX_QUANTITY_PER_LINE } from '../model/limits';
import { cartPharmacy, clearLines, incrementQuantity, putQuantity, removeLine, setCartPharmacy } from './cart-repo';
import type { CartDto, CartWarning } from './dto';
import { cartView, lineWarning, type KnownCart } from './view';

export type CartFailureCode = 'PRODUCT_NOT_FOUND' | 'PRESCRIPTION_REQUIRED' | 'MAX_QUANTITY_EXCEEDED' | 'ADDRESS_REQUIRED' | 'NOT_FOUND';
type CartResult = Result<CartDto, Exclude<CartFailureCode, 'NOT_FOUND'>>;

type AddFailure = 'PRODUCT_NOT_FOUND' | 'PRESCRIPTION_REQUIRED' | 'ADDRESS_REQUIRED';

/**
 * This customer may add this product: it exists, is listed and needs no prescription (domain
 * rules), and the customer has a delivery address (spec §6). The product is checked first so a
 * product that can never be added says so before the customer is sent off to enter an address.
 */
async function addable(ctx: RequestContext, userId: string, pzn: string): Promise<Result<ProductRow, AddFailure>> {
  const product = await activeProduct(ctx.db, pzn);
  if (!product) return fail('PRODUCT_NOT_FOUND');
  if (product.kind === 'prescription') return fail('PRESCRIPTION_REQUIRED');
  if (!(await hasShippingAddress(ctx.db, userId))) return fail('ADDRESS_REQUIRED');
  return ok(product);
}

/**
 * The cart's pharmacy and the units of `product` it holds; null units while the cart has no pharmacy
 * (nothing to check against). `known` is what the cart's answer may take from these reads.
 */
async function heldAtCartPharmacy(ctx: RequestContext, userId: string, product: ProductRow): Promise<{ known: KnownCart; held: number | null }> {
  const pharmacyId = await cartPharmacy(ctx.db, userId);
  const products = new Map([[product.pzn, product]]);
  if (!pharmacyId) return { known: { pharmacyId, products }, held: null };
  const stock = await stockAt(ctx.db, pharmacyId, [product.pzn]);
  return { known: { pharmacyId, products, stock }, held: stock.get(product.pzn) ?? 0 };
}

/** PUT: sets the quantity; 0 removes (allowed without an address); more than the pharmacy holds is reduced to its stock with a warning. */
export async function setQuantity(ctx: RequestContext, userId: string, pzn: string, quantity: number): Promise<CartResult> {
  if (quantity === 0) {
    await removeLine(ctx.db, userId, pzn);
    return ok(await cartView(ctx, userId));
  }
  if (quantity > MAX_QUANTITY_PER_LINE) return fail('MAX_QUANTITY_EXCEEDED');
  const product = await addable(ctx, userId, pzn);
  if (!product.ok) return product;

  const { known, held } = await heldAtCartPharmacy(ctx, userId, product.value);
  const warnings: CartWarning[] = [];
  if (held !== null && held < quantity) {
    warnings.push(lineWarning(ctx, held === 0 ? 'SOLD_OUT' : 'STOCK_INSUFFICIENT', pzn, quantity, held));
  }
  const stored = held === null ? quantity : Math.min(quantity, held);
  if (stored === 0) await removeLine(ctx.db, userId, pzn);
  else await putQuantity(ctx.db, userId, pzn, stored, ctx.clock.now());
  return ok(await cartView(ctx, userId, warnings, known));
}

/** POST …/increment: for rapid "+" clicks; every concurrent increment counts (one atomic statement each). */
export async function incrementLine(ctx: RequestContext, userId: string, pzn: string, by: number): Promise<CartResult> {
  const product = await addable(ctx, userId, pzn);
  if (!product.ok) return product;

  const { known, held } = await heldAtCartPharmacy(ctx, userId, product.value);
  if (held === 0) {
    await removeLine(ctx.db, userId, pzn);
    return ok(await cartView(ctx, userId, [lineWarning(ctx, 'SOLD_OUT', pzn, by, 0)], known));
  }
  const cap = Math.min(held ?? MAX_QUANTITY_PER_LINE, MAX_QUANTITY_PER_LINE);
  const outcome = await incrementQuantity(ctx.db, userId, pzn, by, { max: MAX_QUANTITY_PER_LINE, cap }, ctx.clock.now());
  if (outcome.quantity === null) return fail('MAX_QUANTITY_EXCEEDED');
  const warnings =
    held !== null && outcome.requested > outcome.quantity ? [lineWarning(ctx, 'STOCK_INSUFFICIENT', pzn, outcome.requested, outcome.quantity)] : [];
  return ok(await cartView(ctx, userId, warnings, known));
}

export async function removeItem(ctx: RequestContext, userId: string, pzn: string): Promise<Result<CartDto, 'NOT_FOUND'>> {
  if (!(await removeLine(ctx.db, userId, pzn))) return fail('NOT_FOUND');
  return ok(await cartView(ctx, userId));
}

/** Empties the cart; the pharmacy choice stays, it belongs to the delivery address rather than the items. */
export async function clearCart(ctx: RequestContext, userId: string): Promise<CartDto> {
  await clearLines(ctx.db, userId);
  return cartView(ctx, userId);
}

/** Chooses the pharmacy the cart is checked against; the answer already reflects its stock. */
export async function choosePharmacy(ctx: RequestContext, userId: string, pharmacyId: string): Promise<Result<CartDto, 'NOT_FOUND'>> {
  if (!(await activePharmacy(ctx.db, pharmacyId))) return fail('NOT_FOUND');
  await setCartPharmacy(ctx.db, userId, pharmacyId, ctx.clock.now());
  return ok(await cartView(ctx, userId, [], { pharmacyId }));
}
