ALTER TABLE "user_addresses" ADD COLUMN "recipient_first_name" text;--> statement-breakpoint
ALTER TABLE "user_addresses" ADD COLUMN "recipient_last_name" text;