import { z } from '@hono/zod-openapi';
import { ProductDto } from '../../catalog';
import { MAX_QUANTITY_PER_LINE } from '../model/limits';

export const PznParam = z.object({
  pzn: z
    .string()
    .regex(/^\d{8}$/)
    .openapi({ param: { name: 'pzn', in: 'path' }, example: '10019621', description: '8-digit PZN' }),
});

export const QuantityBody = z
  .object({
    quantity: z.number().int().min(0).openapi({
      example: 2,
      description: `The line's new quantity; 0 removes the line. More than ${MAX_QUANTITY_PER_LINE} is refused with MAX_QUANTITY_EXCEEDED.`,
    }),
  })
  .openapi('CartQuantity');

export const IncrementBody = z
  .object({
    by: z.number().int().min(1).max(MAX_QUANTITY_PER_LINE).default(1).openapi({
      example: 1,
      description: 'Units to add (default 1). Concurrent increments all count; to lower a quantity, PUT the new value.',
    }),
  })
  .openapi('CartIncrement');

export const PharmacyBody = z
  .object({ pharmacyId: z.string().min(1).openapi({ example: 'apotheke-mitte' }) })
  .openapi('CartPharmacy');

export const WARNING_CODES = ['STOCK_INSUFFICIENT', 'SOLD_OUT', 'PRESCRIPTION_REQUIRED', 'DUPLICATE_ACTIVE_INGREDIENT'] as const;
export type WarningCode = (typeof WARNING_CODES)[number];

export const CartWarningDto = z
  .object({
    code: z.enum(WARNING_CODES),
    message: z.string().openapi({ description: 'In the request language.' }),
    pzn: z.string().optional().openapi({ description: 'The affected line (stock and prescription warnings).' }),
    requestedQuantity: z.number().int().optional(),
    availableQuantity: z.number().int().optional().openapi({ description: 'What the line was reduced to (0: removed).' }),
    ingredient: z.string().optional().openapi({ description: 'DUPLICATE_ACTIVE_INGREDIENT: the shared active ingredient.' }),
    pzns: z.array(z.string()).optional().openapi({ description: 'DUPLICATE_ACTIVE_INGREDIENT: every line containing it.' }),
  })
  .openapi('CartWarning');
export type CartWarning = z.infer<typeof CartWarningDto>;

export const CartLineDto = z
  .object({
    pzn: z.string(),
    quantity: z.number().int(),
    unitPriceCents: z.number().int(),
    lineTotalCents: z.number().int(),
    product: ProductDto,
    availability: z.object({
      status: z.enum(['in_stock', 'low', 'sold_out', 'unknown']).openapi({ description: 'unknown while the cart has no pharmacy.' }),
      stock: z.number().int().nullable().openapi({ description: "Units at the cart's pharmacy; null without one." }),
    }),
  })
  .openapi('CartLine');

export const CartTotalsDto = z
  .object({
    itemCount: z.number().int(),
    subtotalCents: z.number().int(),
    deliveryFeeCents: z.number().int(),
    freeDeliveryFromCents: z.number().int(),
    missingForFreeDeliveryCents: z.number().int(),
    totalCents: z.number().int(),
    vat: z.array(z.object({ rate: z.number().int(), grossCents: z.number().int(), vatCents: z.number().int() })).openapi({
      description: 'VAT contained in the gross prices, per rate; the delivery fee counts at 19 %.',
    }),
    vatTotalCents: z.number().int(),
  })
  .openapi('CartTotals');

export const CartDto = z
  .object({
    pharmacyId: z.string().nullable().openapi({ description: "The pharmacy whose stock the cart is checked against." }),
    maxQuantityPerLine: z.number().int().openapi({ example: MAX_QUANTITY_PER_LINE }),
    lines: z.array(CartLineDto),
    totals: CartTotalsDto,
    warnings: z.array(CartWarningDto).openapi({ description: 'What changed or needs attention; empty when nothing.' }),
  })
  .openapi('Cart');
export type CartDto = z.infer<typeof CartDto>;
