-- Twin pairs that disagree in level (an offset step or a drift of one against the other), not
-- only in response (decision 074, 2026-12-01): a kind, and a size in µε or µε/h; the gain
-- percentage only for 'gain' episodes, which every existing row is. And the sensor's declared
-- measuring range, for clipping at its edge (decision 030, 2026-12-01). Both tables already
-- have their row-level security policies (0055, 0061); no new table.
DROP INDEX "sensor_disagreements_open_idx";--> statement-breakpoint
ALTER TABLE "sensor_disagreements" ALTER COLUMN "ratio_change_percent" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "sensor_disagreements" ADD COLUMN "kind" text DEFAULT 'gain' NOT NULL;--> statement-breakpoint
ALTER TABLE "sensor_disagreements" ADD COLUMN "size" double precision;--> statement-breakpoint
ALTER TABLE "sensors" ADD COLUMN "range_low" double precision;--> statement-breakpoint
ALTER TABLE "sensors" ADD COLUMN "range_high" double precision;--> statement-breakpoint
CREATE UNIQUE INDEX "sensor_disagreements_open_idx" ON "sensor_disagreements" USING btree ("datastream_id","twin_datastream_id","kind") WHERE "sensor_disagreements"."cleared_at" is null;--> statement-breakpoint
ALTER TABLE "sensor_disagreements" ADD CONSTRAINT "sensor_disagreements_kind_check" CHECK ("sensor_disagreements"."kind" in ('gain', 'offset', 'drift'));--> statement-breakpoint
ALTER TABLE "sensor_disagreements" ADD CONSTRAINT "sensor_disagreements_measure_check" CHECK (("sensor_disagreements"."kind" = 'gain') = ("sensor_disagreements"."ratio_change_percent" is not null));--> statement-breakpoint
ALTER TABLE "sensors" ADD CONSTRAINT "sensors_range_check" CHECK ("sensors"."range_low" is null or "sensors"."range_high" is null or "sensors"."range_low" < "sensors"."range_high");