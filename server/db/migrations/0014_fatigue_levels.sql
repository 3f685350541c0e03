-- Damage levels that raise a Fatigue alert, and the damage D₀ done before the gauge was counted
-- (issue 19; docs/decisions/007-fatigue.md). Existing details get the defaults 0.5, 0.8 and 0.
ALTER TABLE "fatigue_details" ADD COLUMN "alert_damage_high" double precision DEFAULT 0.5 NOT NULL;--> statement-breakpoint
ALTER TABLE "fatigue_details" ADD COLUMN "alert_damage_critical" double precision DEFAULT 0.8 NOT NULL;--> statement-breakpoint
ALTER TABLE "fatigue_details" ADD COLUMN "prior_damage" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "fatigue_details" ADD CONSTRAINT "fatigue_details_damage_levels_check" CHECK ("fatigue_details"."alert_damage_high" > 0 AND "fatigue_details"."alert_damage_high" < "fatigue_details"."alert_damage_critical" AND "fatigue_details"."alert_damage_critical" <= 1);--> statement-breakpoint
ALTER TABLE "fatigue_details" ADD CONSTRAINT "fatigue_details_prior_damage_check" CHECK ("fatigue_details"."prior_damage" >= 0 AND "fatigue_details"."prior_damage" < 1);