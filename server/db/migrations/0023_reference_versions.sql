-- Reference versions of each bridge's baseline and the alarm episodes no training may learn
-- (decision 041). A model stored before this migration becomes its bridge's version 1, active:
-- it is what scored the bridge until now; its modes and window counts were not kept (empty, 0).
CREATE TABLE "alarm_episodes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"bridge_id" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "baseline_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"bridge_id" integer NOT NULL,
	"version" integer NOT NULL,
	"status" text NOT NULL,
	"trained_from" timestamp with time zone NOT NULL,
	"trained_to" timestamp with time zone NOT NULL,
	"windows_used" integer NOT NULL,
	"windows_excluded" integer DEFAULT 0 NOT NULL,
	"temperature_min" double precision,
	"temperature_max" double precision,
	"modes" jsonb NOT NULL,
	"model" jsonb NOT NULL,
	"training_seconds" double precision NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" integer,
	"reason" text NOT NULL,
	CONSTRAINT "baseline_versions_status_check" CHECK ("baseline_versions"."status" in ('active', 'proposed', 'superseded', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "alarm_episodes" ADD CONSTRAINT "alarm_episodes_bridge_id_bridges_id_fk" FOREIGN KEY ("bridge_id") REFERENCES "public"."bridges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "baseline_versions" ADD CONSTRAINT "baseline_versions_bridge_id_bridges_id_fk" FOREIGN KEY ("bridge_id") REFERENCES "public"."bridges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "baseline_versions" ADD CONSTRAINT "baseline_versions_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alarm_episodes_bridge_start_key" ON "alarm_episodes" USING btree ("bridge_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "baseline_versions_bridge_version_key" ON "baseline_versions" USING btree ("bridge_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "baseline_versions_active_key" ON "baseline_versions" USING btree ("bridge_id") WHERE "baseline_versions"."status" = 'active';--> statement-breakpoint
INSERT INTO "baseline_versions" ("bridge_id", "version", "status", "trained_from", "trained_to", "windows_used", "modes", "model", "training_seconds", "created_at", "accepted_at", "reason")
SELECT "bridge_id", 1, 'active', "baseline_start", "baseline_end", 0, '[]'::jsonb, "model", "training_seconds", "trained_at", "trained_at", 'Trained before reference versions were kept (migration 0023)'
FROM "analysis_models";
--> statement-breakpoint
-- Accepting a version is a change to the bridge's reference: audited like its settings (the model itself is too big to copy, its change is noted).
CREATE TRIGGER audit_baseline_versions AFTER INSERT OR UPDATE OR DELETE ON baseline_versions FOR EACH ROW EXECUTE FUNCTION audit_row('bridge', 'bridge_id', 'model');
