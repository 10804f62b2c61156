CREATE TABLE "demo_payment_customers" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"deleted" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "demo_payment_customers_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "demo_payment_intents" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"client_secret" text NOT NULL,
	"status" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"amount_capturable_cents" integer NOT NULL,
	"amount_received_cents" integer NOT NULL,
	"amount_refunded_cents" integer NOT NULL,
	"capture_method" text NOT NULL,
	"order_id" text,
	"customer_id" text,
	"payment_method" jsonb,
	"save_method" boolean NOT NULL,
	"last_error" text,
	"return_url" text,
	"methods" jsonb NOT NULL,
	"capture_count" integer NOT NULL,
	"refunds" jsonb NOT NULL,
	"debit_fails" boolean NOT NULL,
	"answers" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "demo_payment_intents_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "demo_payment_methods" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text,
	"facts" jsonb NOT NULL,
	"outcome" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "demo_payment_intents_status" ON "demo_payment_intents" USING btree ("status");--> statement-breakpoint
CREATE INDEX "demo_payment_methods_customer" ON "demo_payment_methods" USING btree ("customer_id");