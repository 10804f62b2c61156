CREATE TABLE "saved_cards" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"token" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "saved_cards_last4_digits" CHECK ("saved_cards"."last4" ~ '^[0-9]{4}$'),
	CONSTRAINT "saved_cards_exp_month" CHECK ("saved_cards"."exp_month" between 1 and 12),
	CONSTRAINT "saved_cards_exp_year" CHECK ("saved_cards"."exp_year" between 2000 and 2199)
);
--> statement-breakpoint
CREATE TABLE "coupon_redemptions" (
	"id" text PRIMARY KEY NOT NULL,
	"coupon_id" text NOT NULL,
	"coupon_code" text NOT NULL,
	"coupon_type" text NOT NULL,
	"referrer_id" text,
	"user_id" text NOT NULL,
	"order_id" text NOT NULL,
	"slot" integer DEFAULT 1 NOT NULL,
	"state" text DEFAULT 'reserved' NOT NULL,
	"redeemed_at" timestamp with time zone NOT NULL,
	"restored_at" timestamp with time zone,
	CONSTRAINT "coupon_redemptions_state_known" CHECK ("coupon_redemptions"."state" in ('reserved', 'restored'))
);
--> statement-breakpoint
CREATE TABLE "coupon_seen" (
	"user_id" text NOT NULL,
	"coupon_code" text NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "coupon_seen_user_id_coupon_code_pk" PRIMARY KEY("user_id","coupon_code")
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"type" text NOT NULL,
	"discount_kind" text NOT NULL,
	"amount_cents" integer,
	"percent" integer,
	"starts_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"min_order_cents" integer,
	"max_order_cents" integer,
	"min_order_count" integer,
	"max_order_count" integer,
	"usage_limit" integer,
	"usage_limit_per_customer" integer DEFAULT 1 NOT NULL,
	"scope_categories" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"scope_pzns" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"customer_id" text,
	"listed" boolean DEFAULT true NOT NULL,
	"title" jsonb,
	"active" boolean DEFAULT true NOT NULL,
	"times_redeemed" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_type_known" CHECK ("coupons"."type" in ('PROMOTION', 'PERSONAL')),
	CONSTRAINT "coupons_discount_valid" CHECK (("coupons"."discount_kind" = 'amount' and "coupons"."amount_cents" > 0 and "coupons"."percent" is null) or ("coupons"."discount_kind" = 'percentage' and "coupons"."percent" between 1 and 100 and "coupons"."amount_cents" is null)),
	CONSTRAINT "coupons_personal_has_customer" CHECK (("coupons"."type" = 'PERSONAL') = ("coupons"."customer_id" is not null)),
	CONSTRAINT "coupons_per_customer_positive" CHECK ("coupons"."usage_limit_per_customer" between 1 and 100),
	CONSTRAINT "coupons_times_redeemed_bounds" CHECK ("coupons"."times_redeemed" >= 0 and ("coupons"."usage_limit" is null or "coupons"."times_redeemed" <= "coupons"."usage_limit"))
);
--> statement-breakpoint
CREATE TABLE "referral_codes" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"code" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_accounts" (
	"user_id" text PRIMARY KEY NOT NULL,
	"balance_cents" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_accounts_balance_not_negative" CHECK ("wallet_accounts"."balance_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "wallet_transactions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"kind" text NOT NULL,
	"order_id" text,
	"balance_after_cents" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "wallet_transactions_amount_not_zero" CHECK ("wallet_transactions"."amount_cents" <> 0),
	CONSTRAINT "wallet_transactions_kind_known" CHECK ("wallet_transactions"."kind" in ('referral_reward', 'order_debit', 'order_refund', 'adjustment'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "saved_cards_same_card" ON "saved_cards" USING btree ("user_id","brand","last4","exp_month","exp_year");--> statement-breakpoint
CREATE INDEX "saved_cards_user_idx" ON "saved_cards" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_redemptions_slot_unique" ON "coupon_redemptions" USING btree ("coupon_id","user_id","slot") WHERE "coupon_redemptions"."state" = 'reserved';--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_redemptions_one_referral" ON "coupon_redemptions" USING btree ("user_id") WHERE "coupon_redemptions"."state" = 'reserved' and "coupon_redemptions"."coupon_type" = 'REFERRAL';--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_redemptions_order_unique" ON "coupon_redemptions" USING btree ("order_id") WHERE "coupon_redemptions"."state" = 'reserved';--> statement-breakpoint
CREATE INDEX "coupon_redemptions_coupon_idx" ON "coupon_redemptions" USING btree ("coupon_id");--> statement-breakpoint
CREATE INDEX "coupon_redemptions_order_idx" ON "coupon_redemptions" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_code_unique" ON "coupons" USING btree ("code");--> statement-breakpoint
CREATE INDEX "coupons_customer_idx" ON "coupons" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "referral_codes_user_unique" ON "referral_codes" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "referral_codes_code_unique" ON "referral_codes" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_transactions_kind_order_unique" ON "wallet_transactions" USING btree ("kind","order_id") WHERE "wallet_transactions"."order_id" is not null;--> statement-breakpoint
CREATE INDEX "wallet_transactions_user_idx" ON "wallet_transactions" USING btree ("user_id","created_at");