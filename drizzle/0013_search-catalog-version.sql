-- Live product search runs on an index inside each server process (src/features/search), rebuilt
-- whenever the catalogue changes. On PostgreSQL every process learns of a change from this one-row
-- counter, which the triggers below raise in the same transaction as the change, so a process that
-- reads a new version also reads the catalogue that goes with it. The embedded PGlite has a single
-- session, which listens: there the trigger also notifies `catalog_changed`, and no search needs to
-- read the counter (src/platform/db/commit-notifications.ts). Statement-level: an import of 10 000
-- products raises it a few times, not 10 000.
CREATE TABLE "catalog_version" (
	"id" boolean PRIMARY KEY DEFAULT true CHECK ("id"),
	"version" bigint NOT NULL DEFAULT 0
);
--> statement-breakpoint
INSERT INTO "catalog_version" ("id", "version") VALUES (true, 0);
--> statement-breakpoint
CREATE FUNCTION bump_catalog_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "catalog_version" SET "version" = "version" + 1;
  IF 'catalog_changed' = ANY (ARRAY(SELECT pg_listening_channels())) THEN
    PERFORM pg_notify('catalog_changed', '');
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "products_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "products"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();
--> statement-breakpoint
CREATE TRIGGER "categories_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "categories"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();
--> statement-breakpoint
-- Popular searches pair an English and a German term, which the search treats as translations.
CREATE TRIGGER "popular_searches_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "popular_searches"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();
--> statement-breakpoint
-- The SQL search's generated columns and their indexes (0002, 0006) are no longer read; dropping
-- them also spares every product write their tsvector and trigram upkeep.
ALTER TABLE "products" DROP COLUMN "search_vector", DROP COLUMN "search_document", DROP COLUMN "search_name";
