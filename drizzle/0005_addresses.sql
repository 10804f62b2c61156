CREATE TABLE "user_addresses" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"street_address" text NOT NULL,
	"house_number" text NOT NULL,
	"room" text,
	"postal_code" text NOT NULL,
	"locality" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "user_addresses_user_kind_idx" ON "user_addresses" USING btree ("user_id","kind");