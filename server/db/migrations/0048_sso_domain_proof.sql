-- A company proves an email domain is its own before the domain signs anyone in (decision 071).
-- Several companies may claim a domain, each with its own challenge; at most one claim of a
-- domain is verified. Claims made before this migration are kept as verified ('before-proof'),
-- so sign-ins that work today keep working on upgrade; platform staff review them.
ALTER TABLE "company_sso_domains" DROP CONSTRAINT "company_sso_domains_pkey";--> statement-breakpoint
ALTER TABLE "company_sso_domains" ADD CONSTRAINT "company_sso_domains_domain_company_id_pk" PRIMARY KEY("domain","company_id");--> statement-breakpoint
ALTER TABLE "company_sso_domains" ADD COLUMN "challenge" text;--> statement-breakpoint
ALTER TABLE "company_sso_domains" ADD COLUMN "claimed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "company_sso_domains" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "company_sso_domains" ADD COLUMN "verified_method" text;--> statement-breakpoint
ALTER TABLE "company_sso_domains" ADD COLUMN "verified_by" integer;--> statement-breakpoint
-- 32 random bytes (two version-4 UUIDs, 244 random bits), base64url like the server's 24-byte ones.
UPDATE "company_sso_domains" SET
  "challenge" = rtrim(translate(encode(decode(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex'), 'base64'), '+/', '-_'), '='),
  "verified_at" = now(),
  "verified_method" = 'before-proof';--> statement-breakpoint
ALTER TABLE "company_sso_domains" ALTER COLUMN "challenge" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "company_sso_domains" ADD CONSTRAINT "company_sso_domains_verified_by_users_id_fk" FOREIGN KEY ("verified_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "company_sso_domains_verified_idx" ON "company_sso_domains" USING btree ("domain") WHERE "company_sso_domains"."verified_at" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "company_sso_domains" ADD CONSTRAINT "company_sso_domains_verified_check" CHECK (("company_sso_domains"."verified_at" IS NULL) = ("company_sso_domains"."verified_method" IS NULL) AND "company_sso_domains"."verified_method" IN ('dns', 'review', 'before-proof'));
