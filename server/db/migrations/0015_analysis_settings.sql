-- Per-bridge trigger levels for the compensated frequency shift and the alarms' target false-alarm
-- rate (issue 15; docs/decisions/025-physical-trigger-levels.md). No row: the defaults.
CREATE TABLE "bridge_analysis_settings" (
	"bridge_id" integer PRIMARY KEY NOT NULL,
	"amber_percent" double precision NOT NULL,
	"red_percent" double precision NOT NULL,
	"target_false_alarm_rate" double precision NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bridge_analysis_settings_levels_check" CHECK ("bridge_analysis_settings"."red_percent" <= "bridge_analysis_settings"."amber_percent" AND "bridge_analysis_settings"."amber_percent" < 0 AND "bridge_analysis_settings"."red_percent" >= -50),
	CONSTRAINT "bridge_analysis_settings_rate_check" CHECK ("bridge_analysis_settings"."target_false_alarm_rate" > 0 AND "bridge_analysis_settings"."target_false_alarm_rate" < 1)
);
--> statement-breakpoint
ALTER TABLE "bridge_analysis_settings" ADD CONSTRAINT "bridge_analysis_settings_bridge_id_bridges_id_fk" FOREIGN KEY ("bridge_id") REFERENCES "public"."bridges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A change of a bridge's trigger levels or alarm rate is part of that bridge's history (0008's audit_row).
CREATE TRIGGER audit_bridge_analysis_settings AFTER INSERT OR UPDATE OR DELETE ON bridge_analysis_settings FOR EACH ROW EXECUTE FUNCTION audit_row('bridge', 'bridge_id');
