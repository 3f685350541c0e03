-- A company's own escalation tiers and reminders; an alert keeps the one it was raised under (issue 32, decision 069).
CREATE TABLE "company_escalation" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"tier2_minutes" integer NOT NULL,
	"tier3_minutes" integer NOT NULL,
	"reminder_minutes" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_escalation_tiers_check" CHECK ("company_escalation"."tier2_minutes" between 1 and 1440 and "company_escalation"."tier3_minutes" between 2 and 2880 and "company_escalation"."tier3_minutes" > "company_escalation"."tier2_minutes"),
	CONSTRAINT "company_escalation_reminder_check" CHECK ("company_escalation"."reminder_minutes" is null or "company_escalation"."reminder_minutes" between 5 and 1440)
);
--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "escalation" jsonb;--> statement-breakpoint
ALTER TABLE "company_escalation" ADD CONSTRAINT "company_escalation_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A company's escalation is its configuration, audited as the company's (as its rules and rotas).
CREATE TRIGGER audit_company_escalation AFTER INSERT OR UPDATE OR DELETE ON company_escalation FOR EACH ROW EXECUTE FUNCTION audit_row('company', 'company_id');
