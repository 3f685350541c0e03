CREATE TABLE "sensor_calibrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"sensor_id" integer NOT NULL,
	"calibrated_on" date NOT NULL,
	"calibrated_by" text NOT NULL,
	"certificate" text,
	"gauge_factor" double precision,
	"sensitivity" double precision,
	"offset" double precision,
	"next_due" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sensor_calibrations" ADD CONSTRAINT "sensor_calibrations_sensor_id_sensors_id_fk" FOREIGN KEY ("sensor_id") REFERENCES "public"."sensors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sensor_calibrations_sensor_idx" ON "sensor_calibrations" USING btree ("sensor_id","calibrated_on");--> statement-breakpoint
INSERT INTO sensor_calibrations (sensor_id, calibrated_on, calibrated_by, next_due)
SELECT id, last_calibration_date, 'Recorded on the sensor', next_calibration_date
FROM sensors WHERE last_calibration_date IS NOT NULL;
--> statement-breakpoint
CREATE TRIGGER audit_sensor_calibrations AFTER INSERT OR UPDATE OR DELETE ON sensor_calibrations FOR EACH ROW EXECUTE FUNCTION audit_row('sensor', 'sensor_id');
