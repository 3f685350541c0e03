-- Fatigue coverage and the rate check (issue 30, decision 045): what each counted day stands for
-- (monitored time, excluded samples, sampling rate, high-pass corner, stretches) and a bridge's
-- yearly traffic growth for remaining life. Days counted before stay null: weighed as whole days.
CREATE TABLE "bridge_fatigue_settings" (
	"bridge_id" integer PRIMARY KEY NOT NULL,
	"traffic_growth_percent" double precision DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bridge_fatigue_settings_growth_check" CHECK ("bridge_fatigue_settings"."traffic_growth_percent" >= -10 AND "bridge_fatigue_settings"."traffic_growth_percent" <= 20)
);
--> statement-breakpoint
ALTER TABLE "fatigue_histograms" ADD COLUMN "monitored_seconds" double precision;--> statement-breakpoint
ALTER TABLE "fatigue_histograms" ADD COLUMN "excluded_samples" bigint;--> statement-breakpoint
ALTER TABLE "fatigue_histograms" ADD COLUMN "sample_rate_hz" double precision;--> statement-breakpoint
ALTER TABLE "fatigue_histograms" ADD COLUMN "highpass_hz" double precision;--> statement-breakpoint
ALTER TABLE "fatigue_histograms" ADD COLUMN "stretches" integer;--> statement-breakpoint
ALTER TABLE "bridge_fatigue_settings" ADD CONSTRAINT "bridge_fatigue_settings_bridge_id_bridges_id_fk" FOREIGN KEY ("bridge_id") REFERENCES "public"."bridges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TRIGGER audit_bridge_fatigue_settings AFTER INSERT OR UPDATE OR DELETE ON bridge_fatigue_settings FOR EACH ROW EXECUTE FUNCTION audit_row('bridge', 'bridge_id');
