-- Engineer-set limits of quasi-static sensors (issue 15): low and high in the sensor's unit, and how
-- long the 10-minute means must stay beyond one before a 'Limit exceeded' alert (10 minutes: one mean).
ALTER TABLE "sensors" ADD COLUMN "limit_low" double precision;--> statement-breakpoint
ALTER TABLE "sensors" ADD COLUMN "limit_high" double precision;--> statement-breakpoint
ALTER TABLE "sensors" ADD COLUMN "limit_sustained_minutes" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "sensors" ADD CONSTRAINT "sensors_limits_check" CHECK ("sensors"."limit_low" is null or "sensors"."limit_high" is null or "sensors"."limit_low" < "sensors"."limit_high");--> statement-breakpoint
ALTER TABLE "sensors" ADD CONSTRAINT "sensors_limit_sustained_check" CHECK ("sensors"."limit_sustained_minutes" between 10 and 1440);