-- Sensor faults found by the analysis, with their kind and onset (issue 30, decision 048).
CREATE TABLE "sensor_faults" (
	"id" serial PRIMARY KEY NOT NULL,
	"bridge_id" integer NOT NULL,
	"datastream_id" integer NOT NULL,
	"kind" text NOT NULL,
	"onset" timestamp with time zone NOT NULL,
	"detected_at" timestamp with time zone NOT NULL,
	"reason" text NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "sensor_faults_kind_check" CHECK ("sensor_faults"."kind" in ('drift', 'offset', 'clipping', 'gain', 'stuck', 'spikes', 'dropouts'))
);
--> statement-breakpoint
ALTER TABLE "sensor_faults" ADD CONSTRAINT "sensor_faults_bridge_id_bridges_id_fk" FOREIGN KEY ("bridge_id") REFERENCES "public"."bridges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sensor_faults" ADD CONSTRAINT "sensor_faults_datastream_id_datastreams_id_fk" FOREIGN KEY ("datastream_id") REFERENCES "public"."datastreams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sensor_faults_episode_idx" ON "sensor_faults" USING btree ("datastream_id","kind","onset");--> statement-breakpoint
CREATE INDEX "sensor_faults_bridge_idx" ON "sensor_faults" USING btree ("bridge_id","onset");
