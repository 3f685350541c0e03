CREATE TABLE "cable_tensions" (
	"id" serial PRIMARY KEY NOT NULL,
	"bridge_id" integer NOT NULL,
	"sensor_id" integer NOT NULL,
	"datastream_id" integer NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"tension_n" double precision,
	"uncertainty_n" double precision,
	"harmonics" jsonb NOT NULL,
	"method" text,
	"note" text,
	"evaluated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sensors" ADD COLUMN "cable" jsonb;--> statement-breakpoint
ALTER TABLE "cable_tensions" ADD CONSTRAINT "cable_tensions_bridge_id_bridges_id_fk" FOREIGN KEY ("bridge_id") REFERENCES "public"."bridges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cable_tensions" ADD CONSTRAINT "cable_tensions_sensor_id_sensors_id_fk" FOREIGN KEY ("sensor_id") REFERENCES "public"."sensors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cable_tensions" ADD CONSTRAINT "cable_tensions_datastream_id_datastreams_id_fk" FOREIGN KEY ("datastream_id") REFERENCES "public"."datastreams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cable_tensions_window_idx" ON "cable_tensions" USING btree ("sensor_id","window_start");--> statement-breakpoint
CREATE INDEX "cable_tensions_bridge_idx" ON "cable_tensions" USING btree ("bridge_id","window_start");--> statement-breakpoint
-- Row-level security as for every table a bridge owns (migration 0049, decision 072): visible
-- to a company's administrators and operators when its bridge is.
ALTER TABLE cable_tensions ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_rows ON cable_tensions TO spanwatch_tenant USING (bridge_id IN (SELECT id FROM bridges));
