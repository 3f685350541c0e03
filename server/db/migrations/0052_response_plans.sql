-- A bridge's trigger-action-response plan and the actions each alert was given from it (issue 32, decision 077).
CREATE TABLE "alert_actions" (
	"id" serial PRIMARY KEY NOT NULL,
	"alert_id" integer NOT NULL,
	"level" text NOT NULL,
	"position" integer NOT NULL,
	"text" text NOT NULL,
	"owner_group_id" integer,
	"owner_name" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"done_at" timestamp with time zone,
	"done_by" integer,
	"done_comment" text,
	CONSTRAINT "alert_actions_level_check" CHECK ("alert_actions"."level" in ('amber', 'red')),
	CONSTRAINT "alert_actions_done_check" CHECK (("alert_actions"."done_at" is null) = ("alert_actions"."done_comment" is null) and ("alert_actions"."done_comment" is null or length("alert_actions"."done_comment") between 1 and 500))
);
--> statement-breakpoint
CREATE TABLE "response_plan_actions" (
	"id" serial PRIMARY KEY NOT NULL,
	"bridge_id" integer NOT NULL,
	"level" text NOT NULL,
	"position" integer NOT NULL,
	"text" text NOT NULL,
	"due_hours" integer NOT NULL,
	"owner_group_id" integer,
	CONSTRAINT "response_plan_actions_level_check" CHECK ("response_plan_actions"."level" in ('amber', 'red')),
	CONSTRAINT "response_plan_actions_position_check" CHECK ("response_plan_actions"."position" between 0 and 19),
	CONSTRAINT "response_plan_actions_text_check" CHECK (length("response_plan_actions"."text") between 1 and 200),
	CONSTRAINT "response_plan_actions_due_check" CHECK ("response_plan_actions"."due_hours" between 1 and 8760)
);
--> statement-breakpoint
ALTER TABLE "alert_actions" ADD CONSTRAINT "alert_actions_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_actions" ADD CONSTRAINT "alert_actions_owner_group_id_contact_groups_id_fk" FOREIGN KEY ("owner_group_id") REFERENCES "public"."contact_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_actions" ADD CONSTRAINT "alert_actions_done_by_users_id_fk" FOREIGN KEY ("done_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "response_plan_actions" ADD CONSTRAINT "response_plan_actions_bridge_id_bridges_id_fk" FOREIGN KEY ("bridge_id") REFERENCES "public"."bridges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "response_plan_actions" ADD CONSTRAINT "response_plan_actions_owner_group_id_contact_groups_id_fk" FOREIGN KEY ("owner_group_id") REFERENCES "public"."contact_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alert_actions_key" ON "alert_actions" USING btree ("alert_id","level","position");--> statement-breakpoint
CREATE INDEX "alert_actions_due_idx" ON "alert_actions" USING btree ("due_at") WHERE "alert_actions"."done_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "response_plan_actions_key" ON "response_plan_actions" USING btree ("bridge_id","level","position");;--> statement-breakpoint
-- A plan is the bridge's configuration, audited as the bridge's (as its trigger levels); a ticked action as its alert's.
CREATE TRIGGER audit_response_plan_actions AFTER INSERT OR UPDATE OR DELETE ON response_plan_actions FOR EACH ROW EXECUTE FUNCTION audit_row('bridge', 'bridge_id');--> statement-breakpoint
CREATE TRIGGER audit_alert_actions AFTER INSERT OR UPDATE OR DELETE ON alert_actions FOR EACH ROW EXECUTE FUNCTION audit_row('alert', 'alert_id');
