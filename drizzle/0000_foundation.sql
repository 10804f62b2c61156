CREATE TABLE "categories" (
	"slug" text PRIMARY KEY NOT NULL,
	"position" integer NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "popular_searches" (
	"slug" text PRIMARY KEY NOT NULL,
	"position" integer NOT NULL,
	"term" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"pzn" text PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"brand" text NOT NULL,
	"manufacturer" text NOT NULL,
	"category_slug" text NOT NULL,
	"price_cents" integer NOT NULL,
	"was_price_cents" integer,
	"vat_rate" integer DEFAULT 19 NOT NULL,
	"package_amount" jsonb NOT NULL,
	"package_unit" text NOT NULL,
	"package_label" jsonb NOT NULL,
	"dosage_form" jsonb,
	"active_ingredients" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"kind" text NOT NULL,
	"indication" jsonb,
	"collect_in_person_only" boolean DEFAULT false NOT NULL,
	"short_description" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"image_path" text NOT NULL,
	"keywords" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "pharmacies" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"street" text NOT NULL,
	"house_number" text NOT NULL,
	"postal_code" text NOT NULL,
	"city" text NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"phone" text NOT NULL,
	"email" text NOT NULL,
	"terms_url" text NOT NULL,
	"opening_hours" jsonb NOT NULL,
	"delivery_options" jsonb NOT NULL,
	"self_pickup_only" boolean DEFAULT false NOT NULL,
	"has_pdf_price_list" boolean DEFAULT false NOT NULL,
	"delivery_postal_codes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock" (
	"pharmacy_id" text NOT NULL,
	"pzn" text NOT NULL,
	"quantity" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_pharmacy_id_pzn_pk" PRIMARY KEY("pharmacy_id","pzn")
);
--> statement-breakpoint
CREATE TABLE "remote_config" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_slug_categories_slug_fk" FOREIGN KEY ("category_slug") REFERENCES "public"."categories"("slug") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock" ADD CONSTRAINT "stock_pharmacy_id_pharmacies_id_fk" FOREIGN KEY ("pharmacy_id") REFERENCES "public"."pharmacies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category_slug","name");