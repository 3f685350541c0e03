CREATE TABLE "company_sso" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"issuer" text NOT NULL,
	"client_id" text NOT NULL,
	"client_secret_sealed" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_sso_domains" (
	"domain" text PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	CONSTRAINT "company_sso_domains_lower_check" CHECK ("company_sso_domains"."domain" = lower("company_sso_domains"."domain"))
);
--> statement-breakpoint
CREATE TABLE "sso_logins" (
	"id" serial PRIMARY KEY NOT NULL,
	"state_hash" text NOT NULL,
	"nonce" text NOT NULL,
	"code_verifier" text NOT NULL,
	"company_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	"user_id" integer,
	"handoff_hash" text,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "company_sso" ADD CONSTRAINT "company_sso_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_sso_domains" ADD CONSTRAINT "company_sso_domains_company_id_company_sso_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company_sso"("company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_logins" ADD CONSTRAINT "sso_logins_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_logins" ADD CONSTRAINT "sso_logins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_sso_domains_company_idx" ON "company_sso_domains" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sso_logins_state_idx" ON "sso_logins" USING btree ("state_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "sso_logins_handoff_idx" ON "sso_logins" USING btree ("handoff_hash");--> statement-breakpoint
CREATE INDEX "sso_logins_created_idx" ON "sso_logins" USING btree ("created_at");--> statement-breakpoint
-- Settings changes go to the audit log as the company's; the sealed secret only as 'changed'.
CREATE TRIGGER audit_company_sso AFTER INSERT OR UPDATE OR DELETE ON company_sso FOR EACH ROW EXECUTE FUNCTION audit_row('company', 'company_id', 'client_secret_sealed');
--> statement-breakpoint
CREATE TRIGGER audit_company_sso_domains AFTER INSERT OR UPDATE OR DELETE ON company_sso_domains FOR EACH ROW EXECUTE FUNCTION audit_row('company', 'company_id');
--> statement-breakpoint
-- A sign-in through the provider is written down against the user it signed in, once, when the
-- provider's answer has been verified (decision 054); the login's secrets only as 'changed'.
CREATE TRIGGER audit_sso_sign_in AFTER UPDATE ON sso_logins FOR EACH ROW WHEN (OLD.user_id IS NULL AND NEW.user_id IS NOT NULL) EXECUTE FUNCTION audit_row('user', 'user_id', 'state_hash,nonce,code_verifier,handoff_hash');
