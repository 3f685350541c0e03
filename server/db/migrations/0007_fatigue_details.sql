CREATE TABLE "fatigue_details" (
	"sensor_id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"curve" text NOT NULL,
	"modulus_gpa" double precision DEFAULT 200 NOT NULL,
	"stress_concentration" double precision DEFAULT 1 NOT NULL,
	"gamma_ff" double precision DEFAULT 1 NOT NULL,
	"gamma_mf" double precision DEFAULT 1 NOT NULL,
	"design_life_years" double precision DEFAULT 100 NOT NULL,
	"alert_life_years" double precision DEFAULT 10 NOT NULL,
	"alert_rate_factor" double precision DEFAULT 3 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fatigue_details" ADD CONSTRAINT "fatigue_details_sensor_id_sensors_id_fk" FOREIGN KEY ("sensor_id") REFERENCES "public"."sensors"("id") ON DELETE cascade ON UPDATE no action;