ALTER TABLE "deliveries" ADD COLUMN "rebooked_as" text;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "rebooked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_rebooked_returned" CHECK ("deliveries"."rebooked_as" is null or ("deliveries"."state" = 'returned' and "deliveries"."rebooked_as" in ('courier', 'pickup')));