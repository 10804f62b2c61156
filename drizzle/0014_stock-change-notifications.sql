-- The availability endpoint keeps a pharmacy's stock in memory where the database can tell it of
-- every change as the change commits: the embedded PGlite, whose single session listens on
-- `stock_changed` (src/platform/db/commit-notifications.ts). The payload is the pharmacy's id; ''
-- means every pharmacy. A session that does not listen (every PostgreSQL connection of the pool)
-- is not charged for NOTIFY, which would serialise the commits of concurrent orders.
CREATE FUNCTION notify_stock_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF 'stock_changed' = ANY (ARRAY(SELECT pg_listening_channels())) THEN
    IF TG_LEVEL = 'STATEMENT' THEN
      PERFORM pg_notify('stock_changed', '');
    ELSIF TG_TABLE_NAME = 'pharmacies' THEN
      PERFORM pg_notify('stock_changed', CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END);
    ELSE
      PERFORM pg_notify('stock_changed', CASE WHEN TG_OP = 'DELETE' THEN OLD.pharmacy_id ELSE NEW.pharmacy_id END);
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "stock_changed" AFTER INSERT OR UPDATE OR DELETE ON "stock"
  FOR EACH ROW EXECUTE FUNCTION notify_stock_changed();
--> statement-breakpoint
CREATE TRIGGER "stock_truncated" AFTER TRUNCATE ON "stock"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_stock_changed();
--> statement-breakpoint
-- A pharmacy that closes (active = false) or goes answers 404 at once.
CREATE TRIGGER "pharmacies_changed" AFTER INSERT OR UPDATE OR DELETE ON "pharmacies"
  FOR EACH ROW EXECUTE FUNCTION notify_stock_changed();
--> statement-breakpoint
CREATE TRIGGER "pharmacies_truncated" AFTER TRUNCATE ON "pharmacies"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_stock_changed();
