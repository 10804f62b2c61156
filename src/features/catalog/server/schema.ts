import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

type Localized = { en: string; de: string };

export const categories = pgTable('categories', {
  slug: text('slug').primaryKey(),
  position: integer('position').notNull(),
  name: jsonb('name').$type<Localized>().notNull(),
  description: jsonb('description').$type<Localized>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const products = pgTable(
  'products',
  {
    pzn: text('pzn').primaryKey(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    brand: text('brand').notNull(),
    manufacturer: text('manufacturer').notNull(),
    categorySlug: text('category_slug')
      .notNull()
      .references(() => categories.slug),
    priceCents: integer('price_cents').notNull(),
    wasPriceCents: integer('was_price_cents'),
    /** What the struck price is (PAngV §11); set exactly when wasPriceCents is. */
    wasPriceKind: text('was_price_kind').$type<'lowest-30-days' | 'uvp'>(),
    vatRate: integer('vat_rate').notNull().default(19),
    packageAmount: jsonb('package_amount').$type<number>().notNull(),
    packageUnit: text('package_unit').$type<'g' | 'kg' | 'ml' | 'l' | 'pcs'>().notNull(),
    packageLabel: jsonb('package_label').$type<Localized>().notNull(),
    dosageForm: jsonb('dosage_form').$type<Localized>(),
    activeIngredients: jsonb('active_ingredients').$type<{ name: string; strength: string }[]>().notNull().default([]),
    kind: text('kind').$type<'prescription' | 'pharmacy-only' | 'free-sale' | 'non-medicine'>().notNull(),
    indication: jsonb('indication').$type<Localized>(),
    collectInPersonOnly: boolean('collect_in_person_only').notNull().default(false),
    shortDescription: jsonb('short_description').$type<Localized>().notNull(),
    description: jsonb('description').$type<Localized>().notNull(),
    imagePath: text('image_path').notNull(),
    keywords: jsonb('keywords').$type<string[]>().notNull().default([]),
    /**
     * The record's place among its group's pack sizes in the catalogue files (0 for a lone product):
     * 0 is the size the group's page opens with and listings show, as the build decides it
     * (ProductGroup.defaultVariant), so the listing API picks the same card.
     */
    groupPosition: integer('group_position').notNull().default(0),
    /** Products removed from the catalogue stay for order history but are no longer listed. */
    active: boolean('active').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('products_category_idx').on(table.categorySlug, table.name)],
);

export const popularSearches = pgTable('popular_searches', {
  slug: text('slug').primaryKey(),
  position: integer('position').notNull(),
  term: jsonb('term').$type<Localized>().notNull(),
});
