CREATE TABLE "couriers" (
	"user_id" text PRIMARY KEY NOT NULL,
	"city" text NOT NULL,
	"display_name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deliveries" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"courier_id" text NOT NULL,
	"pharmacy_id" text NOT NULL,
	"state" text NOT NULL,
	"pharmacy_lat" double precision NOT NULL,
	"pharmacy_lng" double precision NOT NULL,
	"destination_lat" double precision NOT NULL,
	"destination_lng" double precision NOT NULL,
	"last_lat" double precision,
	"last_lng" double precision,
	"last_at" timestamp with time zone,
	"received_by" text,
	"assigned_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	CONSTRAINT "deliveries_state_known" CHECK ("deliveries"."state" in ('assigned', 'running', 'delivered', 'returned'))
);
--> statement-breakpoint
CREATE TABLE "delivery_positions" (
	"id" serial PRIMARY KEY NOT NULL,
	"delivery_id" text NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "deliveries_open_order_unique" ON "deliveries" USING btree ("order_id") WHERE "deliveries"."state" in ('assigned', 'running');--> statement-breakpoint
CREATE INDEX "deliveries_courier_state_idx" ON "deliveries" USING btree ("courier_id","state");--> statement-breakpoint
CREATE INDEX "delivery_positions_delivery_idx" ON "delivery_positions" USING btree ("delivery_id","id");