CREATE TABLE "dead_letters" (
	"id" serial PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"topic" text,
	"payload" text NOT NULL,
	"reason" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ingest_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"bridge_id" integer NOT NULL,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"prefix" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "reading_rollups" (
	"datastream_id" integer NOT NULL,
	"bucket_seconds" integer NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"v_min" double precision NOT NULL,
	"v_max" double precision NOT NULL,
	"v_sum" double precision NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "reading_rollups_datastream_id_bucket_seconds_bucket_pk" PRIMARY KEY("datastream_id","bucket_seconds","bucket")
);
--> statement-breakpoint
CREATE TABLE "readings" (
	"datastream_id" integer NOT NULL,
	"start" timestamp with time zone NOT NULL,
	"rate_hz" double precision NOT NULL,
	"values" double precision[] NOT NULL,
	"n" integer NOT NULL,
	"v_min" double precision NOT NULL,
	"v_max" double precision NOT NULL,
	"v_sum" double precision NOT NULL,
	CONSTRAINT "readings_datastream_id_start_pk" PRIMARY KEY("datastream_id","start")
);
--> statement-breakpoint
ALTER TABLE "datastreams" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "datastreams" ADD COLUMN "sample_count" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ingest_tokens" ADD CONSTRAINT "ingest_tokens_bridge_id_bridges_id_fk" FOREIGN KEY ("bridge_id") REFERENCES "public"."bridges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_rollups" ADD CONSTRAINT "reading_rollups_datastream_id_datastreams_id_fk" FOREIGN KEY ("datastream_id") REFERENCES "public"."datastreams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "readings" ADD CONSTRAINT "readings_datastream_id_datastreams_id_fk" FOREIGN KEY ("datastream_id") REFERENCES "public"."datastreams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dead_letters_received_idx" ON "dead_letters" USING btree ("received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ingest_tokens_hash_key" ON "ingest_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "ingest_tokens_bridge_idx" ON "ingest_tokens" USING btree ("bridge_id");