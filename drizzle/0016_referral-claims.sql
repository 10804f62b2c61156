CREATE TABLE "referral_claims" (
	"friend_id" text PRIMARY KEY NOT NULL,
	"referral_id" text NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "referral_claims_referral_idx" ON "referral_claims" USING btree ("referral_id");