CREATE TABLE "sensor_status_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"sensor_id" integer NOT NULL,
	"status" text NOT NULL,
	"effective_at" timestamp with time zone NOT NULL,
	"changed_by" text NOT NULL,
	"note" text,
	"dated" boolean DEFAULT true NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sensor_status_changes_status_check" CHECK ("sensor_status_changes"."status" in ('active', 'inactive', 'maintenance', 'faulty'))
);
--> statement-breakpoint
ALTER TABLE "sensor_status_changes" ADD CONSTRAINT "sensor_status_changes_sensor_id_sensors_id_fk" FOREIGN KEY ("sensor_id") REFERENCES "public"."sensors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sensor_status_changes_sensor_idx" ON "sensor_status_changes" USING btree ("sensor_id","effective_at");--> statement-breakpoint
-- Owned through its sensor, as sensor_calibrations (0066, decision 072): a company's request
-- reads and writes the rows of the sensors it may see.
ALTER TABLE sensor_status_changes ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_rows ON sensor_status_changes TO spanwatch_tenant
  USING (sensor_id = ANY ((SELECT spanwatch_visible_sensors())::integer[]));--> statement-breakpoint
CREATE TRIGGER audit_sensor_status_changes AFTER INSERT OR UPDATE OR DELETE ON sensor_status_changes FOR EACH ROW EXECUTE FUNCTION audit_row('sensor', 'sensor_id');--> statement-breakpoint
-- Every sensor starts its history with the status it has now, from its installation day
-- (midnight UTC): when that status began is not known, so the row is marked undated and the
-- days already counted under it are not recounted for it (decision 045, 2026-12-03 (g)).
INSERT INTO sensor_status_changes (sensor_id, status, effective_at, changed_by, dated)
  SELECT id, status, installation_date::timestamp AT TIME ZONE 'UTC',
         'Register status when its history began', false
  FROM sensors;
--> statement-breakpoint
-- A sensor's history starts with the status it is created with, from its installation day, by
-- whoever created it (the API names its actor; the seed and the simulator name none). Every
-- path that creates a sensor goes through this, so no sensor is without a history.
CREATE FUNCTION sensor_status_history_start() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO sensor_status_changes (sensor_id, status, effective_at, changed_by)
  VALUES (NEW.id, NEW.status, NEW.installation_date::timestamp AT TIME ZONE 'UTC',
          coalesce(nullif(current_setting('spanwatch.audit_actor', true), ''),
                   'Recorded when the sensor was created'));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER sensor_status_history_start AFTER INSERT ON sensors FOR EACH ROW EXECUTE FUNCTION sensor_status_history_start();
