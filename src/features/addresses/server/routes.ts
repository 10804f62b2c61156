import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { requireAuth } from '../../../platform/auth';
import type { ApiApp } from '../../../platform/http/app';
import { errorBody } from '../../../platform/http/errors';
import { badRequestHook, errorEntries, json } from '../../../platform/http/openapi';
import type { Locale } from '../../../platform/i18n/locales';
import { customerContact, onAccountErased } from '../../accounts';
import type { Db } from '../../../platform/db/client';
import { validateAddressInput, type AddressInput } from '../model/address-input';
import { recogniseAddress } from '../../../platform/geocoding';
import { AddressBody, AddressDto, AddressIdParam, AddressListDto, DeletedDto, type AddressKind } from './dto';
import { createAddress, deleteAddress, deleteAddressesOfUser, listAddresses, updateAddress } from './repo';

const V1 = '/v1/user';
const TAG = 'addresses';
const secured = { middleware: requireAuth(), security: [{ bearerAuth: [] }], tags: [TAG] };
const body = { body: { content: { 'application/json': { schema: AddressBody } }, required: true } };
const INPUT_ERRORS =
  'Errors (400): ADDRESS_FIELDS_REQUIRED (street_address, postal_code or locality missing: "Please fill in all fields"), ' +
  'HOUSE_NUMBER_REQUIRED, INVALID_POSTAL_CODE (not five digits, a code that does not exist in Germany, or a locality that is not one of the code\'s places), ' +
  'INVALID_HOUSE_NUMBER, BAD_REQUEST (too long, wrong type); `fields` names each field. ' +
  'UNAUTHORIZED (401) without a valid token.';

const NOT_RECOGNISED = {
  unknown_postal_code: { en: 'This postal code does not exist in Germany.', de: 'Diese Postleitzahl gibt es in Deutschland nicht.' },
  locality_mismatch: {
    en: 'The postal code {code} does not belong to {locality}. Please check postal code and city.',
    de: 'Die Postleitzahl {code} gehört nicht zu {locality}. Bitte prüfen Sie Postleitzahl und Ort.',
  },
} as const;

/** The complete list of German postal codes and places: an address must exist to be kept. */
function unrecognised(address: AddressInput, locale: Locale) {
  const verdict = recogniseAddress(address.postal_code, address.locality);
  if (verdict === 'recognised') return null;
  const message = NOT_RECOGNISED[verdict][locale].replace('{code}', address.postal_code).replace('{locality}', address.locality);
  // One field carries it (the message names code and place), so the form does not say it twice.
  return errorBody('INVALID_POSTAL_CODE', locale, { message, fields: { postal_code: 'INVALID_POSTAL_CODE' } });
}

/**
 * Every address names its recipient (the pharmacy and the courier hand the medicine to them): what
 * the body leaves out is the account's name; with neither, the fields are required.
 */
async function withRecipient(db: Db, userId: string, address: AddressInput, locale: Locale) {
  if (address.recipient_first_name && address.recipient_last_name) return { ok: true as const, value: address };
  const profile = await customerContact(db, userId);
  const value = {
    ...address,
    recipient_first_name: address.recipient_first_name ?? profile?.firstName?.trim() ?? null,
    recipient_last_name: address.recipient_last_name ?? profile?.lastName?.trim() ?? null,
  };
  if (value.recipient_first_name && value.recipient_last_name) return { ok: true as const, value };
  const fields = Object.fromEntries(
    (['recipient_first_name', 'recipient_last_name'] as const).filter((key) => !value[key]).map((key) => [key, 'ADDRESS_FIELDS_REQUIRED' as const]),
  );
  return { ok: false as const, body: errorBody('ADDRESS_FIELDS_REQUIRED', locale, { fields }) };
}

/**
 * The zod schema documents the body; the address rules pick the code, so a refused body answers
 * with the same precedence whether zod or the rules noticed first.
 */
function addressHook(result: { success: boolean; target?: string }, c: Context) {
  if (result.success) return undefined;
  // Only the body is an address; a malformed path id is just a bad request.
  if (result.target !== 'json') return c.json(errorBody('BAD_REQUEST', c.var.locale as Locale), 400);
  const checked = validateAddressInput((result as { data?: unknown }).data);
  const failure = checked.ok ? { code: 'BAD_REQUEST' as const } : checked;
  return c.json(errorBody(failure.code, c.var.locale as Locale, 'fields' in failure ? { fields: failure.fields } : undefined), 400);
}

const listRoute = createRoute({
  ...secured,
  method: 'get',
  path: `${V1}/addresses`,
  summary: 'The signed-in customer’s shipping and billing addresses',
  responses: { 200: json(AddressListDto, 'Both lists'), ...errorEntries(401, 500) },
});

function kindRoutes(kind: AddressKind) {
  const label = kind === 'shipping' ? 'shipping' : 'billing';
  return {
    create: createRoute({
      ...secured,
      method: 'post',
      // Spec §7 writes the collection with a trailing slash, so that is the path (Hono is strict about it).
      path: `${V1}/${kind}/`,
      summary: `Create a ${label} address`,
      description: INPUT_ERRORS,
      request: body,
      responses: { 201: json(AddressDto, 'Created'), ...errorEntries(400, 401, 500) },
    }),
    update: createRoute({
      ...secured,
      method: 'put',
      path: `${V1}/${kind}/{id}`,
      summary: `Replace a ${label} address (all fields, as on create)`,
      description: `${INPUT_ERRORS} NOT_FOUND (404): no such address of this customer.`,
      request: { params: AddressIdParam, ...body },
      responses: { 200: json(AddressDto, 'Updated'), ...errorEntries(400, 401, 404, 500) },
    }),
    remove: createRoute({
      ...secured,
      method: 'delete',
      path: `${V1}/${kind}/{id}`,
      summary: `Delete a ${label} address`,
      description: 'NOT_FOUND (404): no such address of this customer.',
      request: { params: AddressIdParam },
      responses: { 200: json(DeletedDto, 'Deleted'), ...errorEntries(400, 401, 404, 500) },
    }),
  };
}

/** Mounts /api/v1/user/addresses, /user/shipping and /user/billing, and erases addresses with the account. */
export function registerAddressRoutes(app: ApiApp) {
  onAccountErased('addresses', deleteAddressesOfUser);

  app.openapi(listRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await listAddresses(c.var.ctx.db, c.var.auth.userId), 200);
  });

  for (const kind of ['shipping', 'billing'] as const) {
    const routes = kindRoutes(kind);

    app.openapi(
      routes.create,
      async (c) => {
        const checked = validateAddressInput(c.req.valid('json'));
        if (!checked.ok) return c.json(errorBody(checked.code, c.var.locale, { fields: checked.fields }), 400);
        const refused = unrecognised(checked.value, c.var.locale);
        if (refused) return c.json(refused, 400);
        const { db, clock } = c.var.ctx;
        const named = await withRecipient(db, c.var.auth.userId, checked.value, c.var.locale);
        if (!named.ok) return c.json(named.body, 400);
        return c.json(await createAddress(db, c.var.auth.userId, kind, named.value, clock.now()), 201);
      },
      addressHook,
    );

    app.openapi(
      routes.update,
      async (c) => {
        const checked = validateAddressInput(c.req.valid('json'));
        if (!checked.ok) return c.json(errorBody(checked.code, c.var.locale, { fields: checked.fields }), 400);
        const refused = unrecognised(checked.value, c.var.locale);
        if (refused) return c.json(refused, 400);
        const { db, clock } = c.var.ctx;
        const named = await withRecipient(db, c.var.auth.userId, checked.value, c.var.locale);
        if (!named.ok) return c.json(named.body, 400);
        const updated = await updateAddress(db, c.var.auth.userId, kind, c.req.valid('param').id, named.value, clock.now());
        if (!updated) return c.json(errorBody('NOT_FOUND', c.var.locale), 404);
        return c.json(updated, 200);
      },
      addressHook,
    );

    app.openapi(
      routes.remove,
      async (c) => {
        const deleted = await deleteAddress(c.var.ctx.db, c.var.auth.userId, kind, c.req.valid('param').id);
        if (!deleted) return c.json(errorBody('NOT_FOUND', c.var.locale), 404);
        return c.json({ ok: true as const }, 200);
      },
      badRequestHook,
    );
  }
}
