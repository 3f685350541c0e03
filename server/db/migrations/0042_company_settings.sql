-- A company's own settings and report logo (issue 33, decision 063).
CREATE TABLE "company_logos" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"data" "bytea" NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_logos_type_check" CHECK ("company_logos"."content_type" in ('image/png', 'image/jpeg'))
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "units" text DEFAULT 'metric' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "default_amber_percent" double precision;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "default_red_percent" double precision;--> statement-breakpoint
ALTER TABLE "company_logos" ADD CONSTRAINT "company_logos_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_units_check" CHECK ("companies"."units" in ('metric', 'imperial'));--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_default_levels_check" CHECK (("companies"."default_amber_percent" is null and "companies"."default_red_percent" is null) or ("companies"."default_red_percent" <= "companies"."default_amber_percent" and "companies"."default_amber_percent" < 0 and "companies"."default_red_percent" >= -50));--> statement-breakpoint
-- Settings and limits changes go to the audit log as the company's; a logo's bytes only as 'changed'.
CREATE TRIGGER audit_companies AFTER UPDATE ON companies FOR EACH ROW EXECUTE FUNCTION audit_row('company', 'id');
--> statement-breakpoint
CREATE TRIGGER audit_company_logos AFTER INSERT OR UPDATE OR DELETE ON company_logos FOR EACH ROW EXECUTE FUNCTION audit_row('company', 'company_id', 'data');
