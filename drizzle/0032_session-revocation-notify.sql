-- Every server process keeps the sessions it has resolved in memory (src/platform/auth/
-- session-copies.ts) and answers each request from them once its listening session has caught up
-- (src/platform/db/commit-notifications.ts). So a session that ends (logout, "log out everywhere",
-- a password change, an erased account's cascade, an expired one tidied at login) or changes says
-- so to every process as it commits. Payload: the session's id (not its token hash: the id is no
-- credential); '' for all of them.
CREATE OR REPLACE FUNCTION notify_session_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('session_changed', '');
  ELSE
    PERFORM pg_notify('session_changed', OLD.id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A new session needs no word: nobody holds a copy of it yet.
CREATE TRIGGER "auth_sessions_changed" AFTER UPDATE OR DELETE ON "auth_sessions"
  FOR EACH ROW EXECUTE FUNCTION notify_session_changed();
--> statement-breakpoint
CREATE TRIGGER "auth_sessions_truncated" AFTER TRUNCATE ON "auth_sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_session_changed();
