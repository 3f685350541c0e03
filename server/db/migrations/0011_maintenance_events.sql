CREATE TABLE "maintenance_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"bridge_id" integer NOT NULL,
	"occurred_on" date NOT NULL,
	"kind" text NOT NULL,
	"sensor_id" integer,
	"span_id" integer,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "maintenance_events_kind_check" CHECK ("maintenance_events"."kind" in ('repair', 'bearing_replacement', 'sensor_rezero', 'sensor_replacement'))
);
--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "cleared_note" text;--> statement-breakpoint
ALTER TABLE "maintenance_events" ADD CONSTRAINT "maintenance_events_bridge_id_bridges_id_fk" FOREIGN KEY ("bridge_id") REFERENCES "public"."bridges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_events" ADD CONSTRAINT "maintenance_events_sensor_id_sensors_id_fk" FOREIGN KEY ("sensor_id") REFERENCES "public"."sensors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_events" ADD CONSTRAINT "maintenance_events_span_id_spans_id_fk" FOREIGN KEY ("span_id") REFERENCES "public"."spans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "maintenance_events_bridge_idx" ON "maintenance_events" USING btree ("bridge_id","occurred_on");--> statement-breakpoint
CREATE TRIGGER audit_maintenance_events AFTER INSERT OR UPDATE OR DELETE ON maintenance_events FOR EACH ROW EXECUTE FUNCTION audit_row('bridge', 'bridge_id');
