-- Login tokens become opaque random strings stored as SHA-256: sessions opened with the earlier
-- signed tokens cannot be matched to a token hash, so everybody logs in once more. The generated
-- demo signing key is no longer used (one-time codes get a key of their own).
DELETE FROM "auth_sessions";--> statement-breakpoint
DELETE FROM "app_secrets" WHERE "name" = 'auth_token_secret';--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD COLUMN "token_hash" text NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "auth_sessions_token_hash_idx" ON "auth_sessions" USING btree ("token_hash");
