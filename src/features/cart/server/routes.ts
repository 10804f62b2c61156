import { createRoute } from '@hono/zod-openapi';
import type { Context, Input } from 'hono';
import { onAccountErased } from '../../accounts';
import { requireAuth, type AuthEnv } from '../../../platform/auth';
import type { ApiApp } from '../../../platform/http/app';
import { errorEntries, json } from '../../../platform/http/openapi';
import { eraseCart } from './cart-repo';
import { choosePharmacy, clearCart, incrementLine, removeItem, setQuantity, type CartFailureCode } from './cart-service';
import { authErrorJson } from './http';
import { CartDto, IncrementBody, PharmacyBody, PznParam, QuantityBody } from './dto';
import { cartView } from './view';

const CART = '/v1/user/cart';
const secured = { middleware: requireAuth(), security: [{ bearerAuth: [] }], tags: ['cart'] };
const jsonBody = <T>(schema: T) => ({ body: { content: { 'application/json': { schema } }, required: true } });
const cartAnswer = json(CartDto, 'The whole cart after the change, re-checked against stock, with totals and warnings');

const STATUS = { PRODUCT_NOT_FOUND: 404, NOT_FOUND: 404, PRESCRIPTION_REQUIRED: 422, MAX_QUANTITY_EXCEEDED: 422, ADDRESS_REQUIRED: 422 } as const;

/** A cart answer depends on the customer and on live stock: never cache it. */
function noStore(c: Context<AuthEnv>) {
  c.header('Cache-Control', 'no-store');
}

function failure<C extends CartFailureCode, P extends string, I extends Input>(c: Context<AuthEnv, P, I>, code: C) {
  return authErrorJson(c, STATUS[code], code);
}

const getCartRoute = createRoute({
  ...secured,
  method: 'get',
  path: CART,
  summary: "The customer's cart, checked against the pharmacy's stock",
  description: 'Sold-out or withdrawn lines are removed and short lines reduced, each with a warning (SOLD_OUT, STOCK_INSUFFICIENT).',
  responses: { 200: json(CartDto, 'The cart'), ...errorEntries(401) },
});

const putItemRoute = createRoute({
  ...secured,
  method: 'put',
  path: `${CART}/items/{pzn}`,
  summary: 'Set the quantity of a product (0 removes it)',
  description:
    'Errors: PRODUCT_NOT_FOUND (unknown or withdrawn PZN), PRESCRIPTION_REQUIRED, MAX_QUANTITY_EXCEEDED, BAD_REQUEST; ' +
    'ADDRESS_REQUIRED (422) while the customer has no shipping address (quantity 0 still removes). ' +
    "More than the pharmacy holds is reduced to its stock and answered with a STOCK_INSUFFICIENT or SOLD_OUT warning.",
  request: { params: PznParam, ...jsonBody(QuantityBody) },
  responses: { 200: cartAnswer, ...errorEntries(400, 401, 404, 422) },
});

const incrementRoute = createRoute({
  ...secured,
  method: 'post',
  path: `${CART}/items/{pzn}/increment`,
  summary: 'Add units of a product (rapid "+" clicks: concurrent increments are all counted)',
  description: 'Errors as for PUT; an increment past the per-line maximum changes nothing and answers MAX_QUANTITY_EXCEEDED.',
  request: { params: PznParam, ...jsonBody(IncrementBody) },
  responses: { 200: cartAnswer, ...errorEntries(400, 401, 404, 422) },
});

const deleteItemRoute = createRoute({
  ...secured,
  method: 'delete',
  path: `${CART}/items/{pzn}`,
  summary: 'Remove a product from the cart',
  description: 'NOT_FOUND when the product is not in the cart.',
  request: { params: PznParam },
  responses: { 200: cartAnswer, ...errorEntries(400, 401, 404) },
});

const clearRoute = createRoute({
  ...secured,
  method: 'delete',
  path: CART,
  summary: 'Empty the cart (the chosen pharmacy stays)',
  responses: { 200: cartAnswer, ...errorEntries(401) },
});

const pharmacyRoute = createRoute({
  ...secured,
  method: 'put',
  path: `${CART}/pharmacy`,
  summary: "Choose the pharmacy whose stock the cart is checked against",
  description: 'NOT_FOUND for an unknown or inactive pharmacy. The answer is already checked against the new stock.',
  request: jsonBody(PharmacyBody),
  responses: { 200: cartAnswer, ...errorEntries(400, 401, 404) },
});

export function registerCartRoutes(app: ApiApp) {
  onAccountErased('cart', eraseCart);

  app.openapi(getCartRoute, async (c) => {
    noStore(c);
    return c.json(await cartView(c.var.ctx, c.var.auth.userId), 200);
  });

  app.openapi(putItemRoute, async (c) => {
    noStore(c);
    const result = await setQuantity(c.var.ctx, c.var.auth.userId, c.req.valid('param').pzn, c.req.valid('json').quantity);
    return result.ok ? c.json(result.value, 200) : failure(c, result.code);
  });

  app.openapi(incrementRoute, async (c) => {
    noStore(c);
    const result = await incrementLine(c.var.ctx, c.var.auth.userId, c.req.valid('param').pzn, c.req.valid('json').by);
    return result.ok ? c.json(result.value, 200) : failure(c, result.code);
  });

  app.openapi(deleteItemRoute, async (c) => {
    noStore(c);
    const result = await removeItem(c.var.ctx, c.var.auth.userId, c.req.valid('param').pzn);
    return result.ok ? c.json(result.value, 200) : failure(c, result.code);
  });

  app.openapi(clearRoute, async (c) => {
    noStore(c);
    return c.json(await clearCart(c.var.ctx, c.var.auth.userId), 200);
  });

  app.openapi(pharmacyRoute, async (c) => {
    noStore(c);
    const result = await choosePharmacy(c.var.ctx, c.var.auth.userId, c.req.valid('json').pharmacyId);
    return result.ok ? c.json(result.value, 200) : failure(c, result.code);
  });
}
