import { z } from 'zod';
import { isValidPzn } from './pzn';
import { GERMAN_STATES } from '../../../platform/time/german-states';
import { WEEKDAYS, type Weekday } from '../../../platform/time/wall-clock';

/**
 * The shape of the content editors' files under catalog/. Validation errors are reported with the
 * file and the record (see load-catalog.ts), so keep every message specific.
 */
export const LocalizedText = z.object({ en: z.string().trim().min(1), de: z.string().trim().min(1) });
export type LocalizedText = z.infer<typeof LocalizedText>;

const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lower-case words joined by hyphens');

export const CategorySchema = z.object({
  slug,
  position: z.number().int().nonnegative(),
  name: LocalizedText,
  description: LocalizedText,
});
export type Category = z.infer<typeof CategorySchema>;

export const PRODUCT_KINDS = ['prescription', 'pharmacy-only', 'free-sale', 'non-medicine'] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];
export const isMedicine = (kind: ProductKind) => kind !== 'non-medicine';

/**
 * What a struck price is (PAngV §11): the lowest price of the previous 30 days, or the manufacturer's
 * recommended retail price (UVP). The shop names it next to the struck price.
 */
export const WAS_PRICE_KINDS = ['lowest-30-days', 'uvp'] as const;
export type WasPriceKind = (typeof WAS_PRICE_KINDS)[number];

export const PACKAGE_UNITS = ['g', 'kg', 'ml', 'l', 'pcs'] as const;

export const ProductSchema = z
  .object({
    pzn: z.string().refine(isValidPzn, 'is not a valid PZN (8 digits with a valid check digit)'),
    name: z.string().trim().min(2),
    brand: z.string().trim().min(1),
    manufacturer: z.string().trim().min(1),
    categorySlug: slug,
    priceCents: z.number().int().positive(),
    /** Struck "was" price: must be the lowest price of the previous 30 days (PAngV), so editors own it. */
    wasPriceCents: z.number().int().positive().optional(),
    /** Which reference the struck price is; required with wasPriceCents. */
    wasPriceKind: z.enum(WAS_PRICE_KINDS, { message: `must be one of: ${WAS_PRICE_KINDS.join(', ')}` }).optional(),
    vatRate: z.union([z.literal(19), z.literal(7)]).default(19),
    package: z.object({
      amount: z.number().positive(),
      unit: z.enum(PACKAGE_UNITS),
      /** How the pack is described, e.g. "20 film-coated tablets" / "20 Filmtabletten". */
      label: LocalizedText,
    }),
    dosageForm: LocalizedText.optional(),
    activeIngredients: z.array(z.object({ name: z.string().trim().min(1), strength: z.string().trim().min(1) })).default([]),
    kind: z.enum(PRODUCT_KINDS),
    /** What a medicine is for; shown with the HWG notice. */
    indication: LocalizedText.optional(),
    /** Products that must be collected in person (e.g. emergency contraceptives), never delivered. */
    collectInPersonOnly: z.boolean().default(false),
    shortDescription: LocalizedText,
    description: LocalizedText,
    /** A file in catalog/images; when absent a generated SVG is served. */
    image: z.string().regex(/^[\w.-]+\.(svg|png|jpe?g|webp|avif)$/).optional(),
    keywords: z.array(z.string()).default([]),
    /**
     * The product group: every pack size of one product carries the same key and shares one page,
     * /shop/product/<group>/, with a size selector. A lone product leaves it out.
     */
    group: slug
      .refine((key) => !/(^|-)\d{7,8}$/.test(key), 'must not end in a PZN-like number (product pages end in the PZN)')
      .optional(),
  })
  .superRefine((product, ctx) => {
    if (product.wasPriceCents !== undefined && product.wasPriceCents <= product.priceCents) {
      ctx.addIssue({ code: 'custom', path: ['wasPriceCents'], message: 'must be higher than priceCents' });
    }
    if (product.wasPriceCents !== undefined && product.wasPriceKind === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['wasPriceKind'],
        message: 'a struck price must say what it is: "lowest-30-days" (lowest price of the previous 30 days) or "uvp" (manufacturer\'s recommended price)',
      });
    }
    if (product.wasPriceKind !== undefined && product.wasPriceCents === undefined) {
      ctx.addIssue({ code: 'custom', path: ['wasPriceKind'], message: 'is only allowed together with wasPriceCents' });
    }
    if (isMedicine(product.kind)) {
      if (product.activeIngredients.length === 0)
        ctx.addIssue({ code: 'custom', path: ['activeIngredients'], message: 'a medicine needs its active ingredient(s) and strength' });
      if (!product.dosageForm) ctx.addIssue({ code: 'custom', path: ['dosageForm'], message: 'a medicine needs a dosage form' });
      if (!product.indication) ctx.addIssue({ code: 'custom', path: ['indication'], message: 'a medicine needs its indication (HWG notice)' });
    }
  });
export type ProductInput = z.input<typeof ProductSchema>;
export type Product = z.infer<typeof ProductSchema>;

const time = z.string().regex(/^([01]\d|2[0-4]):[0-5]\d$/, 'must be HH:MM');
export { WEEKDAYS, type Weekday };

export const OpeningHoursSchema = z.object(
  Object.fromEntries(WEEKDAYS.map((day) => [day, z.array(z.object({ opens: time, closes: time })).default([])])) as Record<
    Weekday,
    z.ZodDefault<z.ZodArray<z.ZodObject<{ opens: typeof time; closes: typeof time }>>>
  >,
);
export type OpeningHours = z.infer<typeof OpeningHoursSchema>;

export const DELIVERY_OPTIONS = ['courier', 'parcel', 'pickup'] as const;
export type DeliveryOption = (typeof DELIVERY_OPTIONS)[number];

export const postalCode = z.string().regex(/^\d{5}$/, 'must be a 5-digit postal code');

export const PharmacySchema = z
  .object({
    id: slug,
    name: z.string().trim().min(2),
    address: z.object({
      street: z.string().trim().min(1),
      houseNumber: z.string().trim().min(1),
      postalCode,
      city: z.string().trim().min(1),
      // Its public holidays close the pharmacy and delay parcels.
      state: z.enum(GERMAN_STATES, { message: `must be a federal state code: ${GERMAN_STATES.join(', ')}` }),
    }),
    location: z.object({ lat: z.number().min(47).max(55.1), lng: z.number().min(5.8).max(15.1) }),
    phone: z.string().regex(/^\+49\d{6,13}$/, 'must be in E.164 form, e.g. +493012345678'),
    email: z.email(),
    termsUrl: z.string().min(1),
    openingHours: OpeningHoursSchema,
    deliveryOptions: z.array(z.enum(DELIVERY_OPTIONS)).min(1),
    selfPickupOnly: z.boolean(),
    hasPdfPriceList: z.boolean(),
    deliveryZone: z.object({ postalCodes: z.array(postalCode).default([]) }),
  })
  .superRefine((pharmacy, ctx) => {
    if (pharmacy.selfPickupOnly && pharmacy.deliveryOptions.some((option) => option !== 'pickup')) {
      ctx.addIssue({ code: 'custom', path: ['deliveryOptions'], message: 'a self-pickup-only pharmacy offers only "pickup"' });
    }
    if (!pharmacy.selfPickupOnly && pharmacy.deliveryOptions.includes('courier') && pharmacy.deliveryZone.postalCodes.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['deliveryZone', 'postalCodes'], message: 'a courier pharmacy needs at least one postal code' });
    }
  });
export type Pharmacy = z.infer<typeof PharmacySchema>;

export const PopularSearchSchema = z.object({ slug, term: LocalizedText });
export type PopularSearch = z.infer<typeof PopularSearchSchema>;

export const StockRowSchema = z.object({
  pharmacyId: slug,
  pzn: z.string().refine(isValidPzn, 'is not a valid PZN'),
  quantity: z.number().int().nonnegative(),
});
export type StockRow = z.infer<typeof StockRowSchema>;

export interface Catalog {
  categories: Category[];
  products: Product[];
  pharmacies: Pharmacy[];
  popularSearches: PopularSearch[];
  stock: StockRow[];
}
