CREATE TABLE "co_payment_exemptions" (
	"user_id" text PRIMARY KEY NOT NULL,
	"valid_until" date NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prescription_items" (
	"prescription_id" text NOT NULL,
	"position" integer NOT NULL,
	"pzn" text NOT NULL,
	"name" text NOT NULL,
	"packs" integer NOT NULL,
	"substitution_allowed" boolean NOT NULL,
	CONSTRAINT "prescription_items_prescription_id_position_pk" PRIMARY KEY("prescription_id","position"),
	CONSTRAINT "prescription_items_packs_positive" CHECK ("prescription_items"."packs" >= 1)
);
--> statement-breakpoint
CREATE TABLE "prescription_pending_returns" (
	"id" text PRIMARY KEY NOT NULL,
	"token_sealed" text NOT NULL,
	"pharmacy_id" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_attempt_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "prescriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"pharmacy_id" text NOT NULL,
	"token_sealed" text,
	"token_hash" text NOT NULL,
	"prescription_id" text NOT NULL,
	"flow_type" text NOT NULL,
	"insurance" text NOT NULL,
	"prescriber_name" text NOT NULL,
	"prescriber_practice" text,
	"issued_on" date NOT NULL,
	"expires_on" date NOT NULL,
	"status" text NOT NULL,
	"order_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "prescriptions_status_known" CHECK ("prescriptions"."status" in ('redeemed', 'in-order', 'dispensed', 'returned', 'expired')),
	CONSTRAINT "prescriptions_insurance_known" CHECK ("prescriptions"."insurance" in ('statutory', 'private')),
	CONSTRAINT "prescriptions_token_only_while_held" CHECK (("prescriptions"."status" in ('redeemed', 'in-order')) = ("prescriptions"."token_sealed" is not null))
);
--> statement-breakpoint
ALTER TABLE "prescription_items" ADD CONSTRAINT "prescription_items_prescription_id_prescriptions_id_fk" FOREIGN KEY ("prescription_id") REFERENCES "public"."prescriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "prescriptions_held_token_unique" ON "prescriptions" USING btree ("token_hash") WHERE "prescriptions"."status" in ('redeemed', 'in-order');--> statement-breakpoint
CREATE INDEX "prescriptions_user_idx" ON "prescriptions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "prescriptions_expiry_idx" ON "prescriptions" USING btree ("expires_on") WHERE "prescriptions"."status" = 'redeemed';