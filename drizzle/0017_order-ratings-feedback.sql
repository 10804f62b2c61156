CREATE TABLE "customer_feedback" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"message" text NOT NULL,
	"locale" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_ratings" (
	"order_id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"pharmacy_id" text,
	"stars" integer,
	"comment" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "order_ratings_stars_range" CHECK ("order_ratings"."stars" is null or ("order_ratings"."stars" between 1 and 5))
);
--> statement-breakpoint
ALTER TABLE "order_ratings" ADD CONSTRAINT "order_ratings_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_feedback_user_idx" ON "customer_feedback" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "order_ratings_pharmacy_idx" ON "order_ratings" USING btree ("pharmacy_id");--> statement-breakpoint
CREATE INDEX "order_ratings_user_idx" ON "order_ratings" USING btree ("user_id");