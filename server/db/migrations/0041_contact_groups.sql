CREATE TABLE "contact_group_members" (
	"group_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "contact_group_members_group_id_user_id_pk" PRIMARY KEY("group_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "contact_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_groups_name_check" CHECK (length("contact_groups"."name") between 1 and 200)
);
--> statement-breakpoint
CREATE TABLE "notification_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"bridge_id" integer,
	"alert_types" text[],
	"min_severity" text NOT NULL,
	"group_id" integer NOT NULL,
	"channels" text[] NOT NULL,
	"tier" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_rules_severity_check" CHECK ("notification_rules"."min_severity" in ('Low', 'Medium', 'High', 'Critical')),
	CONSTRAINT "notification_rules_tier_check" CHECK ("notification_rules"."tier" between 1 and 3),
	CONSTRAINT "notification_rules_channels_check" CHECK (cardinality("notification_rules"."channels") between 1 and 4 and "notification_rules"."channels" <@ array['email', 'sms', 'in_app', 'webhook']::text[]),
	CONSTRAINT "notification_rules_types_check" CHECK ("notification_rules"."alert_types" is null or (cardinality("notification_rules"."alert_types") between 1 and 12 and "notification_rules"."alert_types" <@ array['Structural Warning', 'Maintenance Required', 'Anomaly Detection', 'Sensor offline', 'Fatigue', 'Calibration due', 'Sensor fault', 'Mode tracking lost', 'Inspection due', 'Inspection overdue', 'Limit exceeded', 'Trigger level crossed']::text[]))
);
--> statement-breakpoint
ALTER TABLE "contact_group_members" ADD CONSTRAINT "contact_group_members_group_id_contact_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."contact_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_group_members" ADD CONSTRAINT "contact_group_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_groups" ADD CONSTRAINT "contact_groups_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_rules" ADD CONSTRAINT "notification_rules_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_rules" ADD CONSTRAINT "notification_rules_bridge_id_bridges_id_fk" FOREIGN KEY ("bridge_id") REFERENCES "public"."bridges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_rules" ADD CONSTRAINT "notification_rules_group_id_contact_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."contact_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_group_members_user_idx" ON "contact_group_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "contact_groups_company_idx" ON "contact_groups" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "notification_rules_company_idx" ON "notification_rules" USING btree ("company_id");--> statement-breakpoint
-- Groups and rules are the company's configuration (decision 060), as rotas are; members the group's.
CREATE TRIGGER audit_contact_groups AFTER INSERT OR UPDATE OR DELETE ON contact_groups FOR EACH ROW EXECUTE FUNCTION audit_row('company', 'company_id');
--> statement-breakpoint
CREATE TRIGGER audit_contact_group_members AFTER INSERT OR UPDATE OR DELETE ON contact_group_members FOR EACH ROW EXECUTE FUNCTION audit_row('contact_group', 'group_id');
--> statement-breakpoint
CREATE TRIGGER audit_notification_rules AFTER INSERT OR UPDATE OR DELETE ON notification_rules FOR EACH ROW EXECUTE FUNCTION audit_row('company', 'company_id');
