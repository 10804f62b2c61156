-- Live product search (search feature). Custom SQL because drizzle-kit cannot declare generated
-- tsvector columns, trigram indexes or SQL functions; applies unchanged to PGlite and PostgreSQL 15.
-- The generated columns are invisible to the catalogue's drizzle schema, so its imports and selects
-- are unaffected, and PostgreSQL recomputes them on every insert or update of a product.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- One folding for documents and queries alike: ß→ss, umlauts and accents dropped, lower case,
-- everything but a-z/0-9 to single spaces. Folding before lower() keeps results the same whatever
-- the database's ctype (C, C.UTF-8 or a German locale); the german stemmer drops umlauts anyway.
CREATE OR REPLACE FUNCTION search_fold(input text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT btrim(regexp_replace(lower(translate(replace(replace(coalesce(input, ''), 'ß', 'ss'), 'ẞ', 'SS'),
    'ÄÖÜäöüÀÁÂÃÅàáâãåÈÉÊËèéêëÌÍÎÏìíîïÒÓÔÕØòóôõøÙÚÛùúûÇçÑñ',
    'AOUaouAAAAAaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUuuuCcNn')), '[^a-z0-9]+', ' ', 'g'))
$$;
--> statement-breakpoint
-- Weights: A name, B brand/active ingredients/keywords, C German indication, D English indication;
-- the query picks per-locale weights for C and D. German fields are stemmed with the german
-- configuration, names and keywords additionally with simple (brand-like words must not be stemmed).
ALTER TABLE "products" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('simple'::regconfig, search_fold("name")), 'A') ||
  setweight(to_tsvector('german'::regconfig, search_fold("name")), 'A') ||
  setweight(to_tsvector('simple'::regconfig, search_fold(
    "brand" || ' ' || jsonb_path_query_array("active_ingredients", '$[*].name')::text || ' ' || "keywords"::text)), 'B') ||
  setweight(to_tsvector('german'::regconfig, search_fold("keywords"::text)), 'B') ||
  setweight(to_tsvector('german'::regconfig, search_fold("indication"->>'de')), 'C') ||
  setweight(to_tsvector('simple'::regconfig, search_fold("indication"->>'en')), 'D')
) STORED;
--> statement-breakpoint
-- The short text trigram similarity runs over (typo tolerance): the words a shopper types as names,
-- folded. Indications are left to full-text search: their long sentences made every similarity
-- check several times slower without finding more (complaints are also in the keywords).
ALTER TABLE "products" ADD COLUMN "search_document" text GENERATED ALWAYS AS (
  search_fold(
    "name" || ' ' || "brand" || ' ' || jsonb_path_query_array("active_ingredients", '$[*].name')::text || ' ' || "keywords"::text)
) STORED;
--> statement-breakpoint
CREATE INDEX "products_search_vector_idx" ON "products" USING gin ("search_vector");
--> statement-breakpoint
CREATE INDEX "products_search_document_trgm_idx" ON "products" USING gin ("search_document" gin_trgm_ops);
