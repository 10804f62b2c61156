CREATE TABLE "site_build_leases" (
	"id" text PRIMARY KEY NOT NULL,
	"owner" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
