-- The daily summary of the stored modal windows, per bridge and complete UTC day (issue 31,
-- decision 076 amended 2026-12-01): written by whoever stores windows (the analysis worker), so a
-- year's summary reads ~365 rows instead of aggregating ~200,000. Filled lazily, a bounded stretch
-- of days at a time as windows are stored, so this migration has no backfill to run.
CREATE TABLE "identified_mode_days" (
	"bridge_id" integer NOT NULL,
	"day" date NOT NULL,
	"windows" integer NOT NULL,
	"modes" jsonb NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "identified_mode_days_bridge_id_day_pk" PRIMARY KEY("bridge_id","day"),
	CONSTRAINT "identified_mode_days_windows_check" CHECK ("identified_mode_days"."windows" > 0)
);
--> statement-breakpoint
ALTER TABLE "identified_mode_days" ADD CONSTRAINT "identified_mode_days_bridge_id_bridges_id_fk" FOREIGN KEY ("bridge_id") REFERENCES "public"."bridges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Owned by a bridge, as identified_modes (0055, decision 072): a company's request reads and
-- writes the rows of the bridges it may see; the worker writes as the connecting role.
ALTER TABLE identified_mode_days ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_rows ON identified_mode_days TO spanwatch_tenant USING (bridge_id IN (SELECT id FROM bridges));
