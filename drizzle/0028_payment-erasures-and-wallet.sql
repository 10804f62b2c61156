CREATE TABLE "payment_customer_erasures" (
	"customer_id" text PRIMARY KEY NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_attempt_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "wallet" text;