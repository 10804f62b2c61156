-- Bounded product search (search feature). The folded name, stored: ranking compared
-- search_fold("name") for every candidate, and that regexp per row was most of a broad query's time.
-- A text_pattern_ops btree answers "name starts with the query" (LIKE 'vit%') in any collation; a
-- trigram index finds names with a typo before the longer search_document does. Both feed the
-- candidate lists of src/features/search/server/queries.ts, each capped, so a broad query ranks a
-- few hundred products instead of every match.
ALTER TABLE "products" ADD COLUMN "search_name" text GENERATED ALWAYS AS (search_fold("name")) STORED;
--> statement-breakpoint
CREATE INDEX "products_search_name_prefix_idx" ON "products" ("search_name" text_pattern_ops);
--> statement-breakpoint
CREATE INDEX "products_search_name_trgm_idx" ON "products" USING gin ("search_name" gin_trgm_ops);
