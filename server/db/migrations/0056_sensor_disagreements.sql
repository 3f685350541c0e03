CREATE TABLE "sensor_disagreements" (
	"id" serial PRIMARY KEY NOT NULL,
	"bridge_id" integer NOT NULL,
	"datastream_id" integer NOT NULL,
	"twin_datastream_id" integer NOT NULL,
	"since" timestamp with time zone NOT NULL,
	"detected_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"cleared_at" timestamp with time zone,
	"ratio_change_percent" double precision NOT NULL,
	"detail" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sensor_disagreements" ADD CONSTRAINT "sensor_disagreements_bridge_id_bridges_id_fk" FOREIGN KEY ("bridge_id") REFERENCES "public"."bridges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sensor_disagreements" ADD CONSTRAINT "sensor_disagreements_datastream_id_datastreams_id_fk" FOREIGN KEY ("datastream_id") REFERENCES "public"."datastreams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sensor_disagreements" ADD CONSTRAINT "sensor_disagreements_twin_datastream_id_datastreams_id_fk" FOREIGN KEY ("twin_datastream_id") REFERENCES "public"."datastreams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sensor_disagreements_open_idx" ON "sensor_disagreements" USING btree ("datastream_id","twin_datastream_id") WHERE "sensor_disagreements"."cleared_at" is null;--> statement-breakpoint
CREATE INDEX "sensor_disagreements_bridge_idx" ON "sensor_disagreements" USING btree ("bridge_id","since");--> statement-breakpoint
-- Row-level security as for every table a bridge owns (migration 0049, decision 072): visible
-- to a company's administrators and operators when its bridge is.
ALTER TABLE sensor_disagreements ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_rows ON sensor_disagreements TO spanwatch_tenant USING (bridge_id IN (SELECT id FROM bridges));
