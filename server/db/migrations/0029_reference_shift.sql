-- The cumulative compensated shift against the accepted reference, every window, and each mode's
-- latched trigger level (issue 29, decision 051). Number 0029: 0028 is another branch's.
CREATE TABLE "frequency_shift_levels" (
	"bridge_id" integer NOT NULL,
	"feature" text NOT NULL,
	"level" text NOT NULL,
	"crossed_at" timestamp with time zone,
	"latched_at" timestamp with time zone,
	"reference_version" integer NOT NULL,
	"fed_until" timestamp with time zone NOT NULL,
	"estimate_percent" double precision,
	"estimate_uncertainty_percent" double precision,
	CONSTRAINT "frequency_shift_levels_bridge_id_feature_pk" PRIMARY KEY("bridge_id","feature"),
	CONSTRAINT "frequency_shift_levels_level_check" CHECK ("frequency_shift_levels"."level" in ('none', 'amber', 'red'))
);
--> statement-breakpoint
CREATE TABLE "frequency_shifts" (
	"bridge_id" integer NOT NULL,
	"feature" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"shift_percent" double precision NOT NULL,
	"uncertainty_percent" double precision NOT NULL,
	"reference_version" integer NOT NULL,
	"judged" boolean NOT NULL,
	CONSTRAINT "frequency_shifts_bridge_id_feature_window_start_pk" PRIMARY KEY("bridge_id","feature","window_start")
);
--> statement-breakpoint
ALTER TABLE "frequency_shift_levels" ADD CONSTRAINT "frequency_shift_levels_bridge_id_bridges_id_fk" FOREIGN KEY ("bridge_id") REFERENCES "public"."bridges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "frequency_shifts" ADD CONSTRAINT "frequency_shifts_bridge_id_bridges_id_fk" FOREIGN KEY ("bridge_id") REFERENCES "public"."bridges"("id") ON DELETE cascade ON UPDATE no action;