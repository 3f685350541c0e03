CREATE TABLE "identified_modes" (
	"bridge_id" integer NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"window_end" timestamp with time zone NOT NULL,
	"position" integer NOT NULL,
	"frequency_hz" double precision,
	"damping_ratio" double precision,
	"mpc" double precision,
	"shape" jsonb NOT NULL,
	"reference_version" integer NOT NULL,
	"reference_mode" integer,
	"reference_mac" double precision,
	"is_reference" boolean DEFAULT false NOT NULL,
	"lost" boolean DEFAULT false NOT NULL,
	CONSTRAINT "identified_modes_bridge_id_window_start_position_pk" PRIMARY KEY("bridge_id","window_start","position"),
	CONSTRAINT "identified_modes_position_check" CHECK ("identified_modes"."position" >= 0 AND "identified_modes"."position" < 12),
	CONSTRAINT "identified_modes_lost_check" CHECK (CASE WHEN "identified_modes"."lost" THEN "identified_modes"."frequency_hz" IS NULL AND "identified_modes"."reference_mode" IS NOT NULL AND NOT "identified_modes"."is_reference"
          ELSE "identified_modes"."frequency_hz" > 0 AND "identified_modes"."damping_ratio" IS NOT NULL AND "identified_modes"."mpc" IS NOT NULL END),
	CONSTRAINT "identified_modes_window_check" CHECK ("identified_modes"."window_end" > "identified_modes"."window_start")
);
--> statement-breakpoint
ALTER TABLE "identified_modes" ADD CONSTRAINT "identified_modes_bridge_id_bridges_id_fk" FOREIGN KEY ("bridge_id") REFERENCES "public"."bridges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "identified_modes_reference_idx" ON "identified_modes" USING btree ("bridge_id","reference_version") WHERE "identified_modes"."is_reference";