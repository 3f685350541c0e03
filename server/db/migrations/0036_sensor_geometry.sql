-- Sensor geometry (issue 31, decision 057): chainage from the span's first support, transverse
-- offset from the deck's axis (m) and the measuring direction; null where not recorded.
ALTER TABLE "sensors" ADD COLUMN "chainage_m" double precision;--> statement-breakpoint
ALTER TABLE "sensors" ADD COLUMN "transverse_offset_m" double precision;--> statement-breakpoint
ALTER TABLE "sensors" ADD COLUMN "direction" text;--> statement-breakpoint
ALTER TABLE "sensors" ADD CONSTRAINT "sensors_chainage_check" CHECK ("sensors"."chainage_m" is null or "sensors"."chainage_m" between 0 and 100000);--> statement-breakpoint
ALTER TABLE "sensors" ADD CONSTRAINT "sensors_transverse_offset_check" CHECK ("sensors"."transverse_offset_m" is null or "sensors"."transverse_offset_m" between -200 and 200);--> statement-breakpoint
ALTER TABLE "sensors" ADD CONSTRAINT "sensors_direction_check" CHECK ("sensors"."direction" in ('vertical', 'transverse', 'longitudinal'));