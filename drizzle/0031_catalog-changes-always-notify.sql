-- Search on PostgreSQL reads the catalogue version only after this process has heard of a change
-- (src/features/search/server/live-index.ts): each process listens on `catalog_changed` through
-- its commit listener (src/platform/db/commit-listener-pg.ts), so the trigger of 0013 now notifies
-- whoever writes, not only a session that itself listens. Catalogue writes are rare (imports and
-- editors' changes): the NOTIFY they now take at commit costs nothing that matters.
CREATE OR REPLACE FUNCTION bump_catalog_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "catalog_version" SET "version" = "version" + 1;
  PERFORM pg_notify('catalog_changed', '');
  RETURN NULL;
END
$$;
