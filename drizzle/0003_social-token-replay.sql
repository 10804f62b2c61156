CREATE TABLE "social_token_uses" (
	"key" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "social_token_uses_expires_idx" ON "social_token_uses" USING btree ("expires_at");