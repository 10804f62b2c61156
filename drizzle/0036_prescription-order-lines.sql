ALTER TABLE "order_lines" DROP CONSTRAINT "order_lines_order_id_pzn_pk";--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_position_pk" PRIMARY KEY("order_id","position");--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "prescription_id" text;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "co_payment_per_pack_cents" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "insurer_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "prescription_status" text;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "prescription_reject_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "prescription_selection" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "prescriptions_dispensed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "prescriptions_dispensed_by" text;--> statement-breakpoint
CREATE UNIQUE INDEX "order_lines_otc_pzn_unique" ON "order_lines" USING btree ("order_id","pzn") WHERE "order_lines"."prescription_id" is null;