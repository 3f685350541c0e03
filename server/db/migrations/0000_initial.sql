CREATE TABLE "bridges" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"location" text NOT NULL,
	"construction_date" date,
	"length_per_span" double precision,
	"location_on_map" text,
	"latitude" double precision,
	"longitude" double precision,
	"structure_type" text DEFAULT 'Unknown' NOT NULL,
	"status" text DEFAULT 'Open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text,
	"email" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "datastream_sensors" (
	"datastream_id" integer NOT NULL,
	"sensor_id" integer NOT NULL,
	CONSTRAINT "datastream_sensors_datastream_id_sensor_id_pk" PRIMARY KEY("datastream_id","sensor_id")
);
--> statement-breakpoint
CREATE TABLE "datastreams" (
	"id" serial PRIMARY KEY NOT NULL,
	"stream_id" text NOT NULL,
	"data_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "datastreams_data_type_check" CHECK ("datastreams"."data_type" in ('acceleration', 'strain', 'temperature', 'displacement', 'tilt', 'load'))
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"ip" text NOT NULL,
	"failed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sensors" (
	"id" serial PRIMARY KEY NOT NULL,
	"bridge_id" integer NOT NULL,
	"span_id" integer NOT NULL,
	"label" text NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"installation_date" date NOT NULL,
	"manufacturer" text,
	"model_number" text,
	"last_calibration_date" date,
	"next_calibration_date" date,
	CONSTRAINT "sensors_type_check" CHECK ("sensors"."type" in ('accelerometer', 'strain_gauge', 'temperature', 'displacement', 'tilt', 'load_cell')),
	CONSTRAINT "sensors_status_check" CHECK ("sensors"."status" in ('active', 'inactive', 'maintenance', 'faulty'))
);
--> statement-breakpoint
CREATE TABLE "spans" (
	"id" serial PRIMARY KEY NOT NULL,
	"bridge_id" integer NOT NULL,
	"label" text NOT NULL,
	"length" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_bridges" (
	"user_id" integer NOT NULL,
	"bridge_id" integer NOT NULL,
	CONSTRAINT "user_bridges_user_id_bridge_id_pk" PRIMARY KEY("user_id","bridge_id")
);
--> statement-breakpoint
CREATE TABLE "user_datastreams" (
	"user_id" integer NOT NULL,
	"datastream_id" integer NOT NULL,
	CONSTRAINT "user_datastreams_user_id_datastream_id_pk" PRIMARY KEY("user_id","datastream_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"is_staff" boolean DEFAULT false NOT NULL,
	"company" text NOT NULL,
	"address" text NOT NULL,
	"company_username" text,
	"company_password_sealed" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "datastream_sensors" ADD CONSTRAINT "datastream_sensors_datastream_id_datastreams_id_fk" FOREIGN KEY ("datastream_id") REFERENCES "public"."datastreams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "datastream_sensors" ADD CONSTRAINT "datastream_sensors_sensor_id_sensors_id_fk" FOREIGN KEY ("sensor_id") REFERENCES "public"."sensors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sensors" ADD CONSTRAINT "sensors_bridge_id_bridges_id_fk" FOREIGN KEY ("bridge_id") REFERENCES "public"."bridges"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sensors" ADD CONSTRAINT "sensors_span_id_spans_id_fk" FOREIGN KEY ("span_id") REFERENCES "public"."spans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spans" ADD CONSTRAINT "spans_bridge_id_bridges_id_fk" FOREIGN KEY ("bridge_id") REFERENCES "public"."bridges"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_bridges" ADD CONSTRAINT "user_bridges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_bridges" ADD CONSTRAINT "user_bridges_bridge_id_bridges_id_fk" FOREIGN KEY ("bridge_id") REFERENCES "public"."bridges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_datastreams" ADD CONSTRAINT "user_datastreams_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_datastreams" ADD CONSTRAINT "user_datastreams_datastream_id_datastreams_id_fk" FOREIGN KEY ("datastream_id") REFERENCES "public"."datastreams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "datastream_sensors_sensor_idx" ON "datastream_sensors" USING btree ("sensor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "datastreams_stream_id_key" ON "datastreams" USING btree ("stream_id");--> statement-breakpoint
CREATE INDEX "login_failures_lookup_idx" ON "login_failures" USING btree ("email","ip","failed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sensors_bridge_label_key" ON "sensors" USING btree ("bridge_id","label");--> statement-breakpoint
CREATE INDEX "sensors_span_idx" ON "sensors" USING btree ("span_id");--> statement-breakpoint
CREATE UNIQUE INDEX "spans_bridge_label_key" ON "spans" USING btree ("bridge_id","label");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_key" ON "users" USING btree (lower("username"));