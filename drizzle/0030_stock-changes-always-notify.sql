-- Every server process now keeps pharmacies' stock in memory, on PostgreSQL too, where a dedicated
-- session per process listens on `stock_changed` (src/platform/db/commit-listener-pg.ts). So a
-- stock or pharmacy change notifies whoever wrote it, not only a session that itself listens (as
-- 0014 had it): the pool's sessions never do. Payload as in 0014: the pharmacy's id, '' for all.
--
-- Only changes a shopper could see notify. Availability shows "in stock" above 3 packs
-- (LOW_STOCK_THRESHOLD in src/features/pharmacies/model/stock-status.ts; tests/api/
-- availability-freshness.test.ts fails if the two differ), so a quantity that moves while staying
-- above 3 changes no answer. That spares most orders' transactions a NOTIFY, which would queue
-- their commits one behind the other (PostgreSQL takes one lock for all notifying commits).
CREATE OR REPLACE FUNCTION notify_stock_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('stock_changed', '');
  ELSIF TG_TABLE_NAME = 'pharmacies' THEN
    PERFORM pg_notify('stock_changed', CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END);
  ELSIF TG_OP = 'UPDATE' AND OLD.pharmacy_id = NEW.pharmacy_id AND OLD.pzn = NEW.pzn AND OLD.quantity > 3 AND NEW.quantity > 3 THEN
    NULL;
  ELSE
    PERFORM pg_notify('stock_changed', CASE WHEN TG_OP = 'DELETE' THEN OLD.pharmacy_id ELSE NEW.pharmacy_id END);
    IF TG_OP = 'UPDATE' AND OLD.pharmacy_id <> NEW.pharmacy_id THEN
      PERFORM pg_notify('stock_changed', OLD.pharmacy_id);
    END IF;
  END IF;
  RETURN NULL;
END
$$;
