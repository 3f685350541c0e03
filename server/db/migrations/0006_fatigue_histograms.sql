CREATE TABLE "fatigue_counters" (
	"datastream_id" integer PRIMARY KEY NOT NULL,
	"counted_through" date NOT NULL,
	"residue" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fatigue_histograms" (
	"datastream_id" integer NOT NULL,
	"day" date NOT NULL,
	"bin_width" double precision NOT NULL,
	"bins" jsonb NOT NULL,
	"cycles" double precision NOT NULL,
	"samples" bigint NOT NULL,
	CONSTRAINT "fatigue_histograms_datastream_id_day_pk" PRIMARY KEY("datastream_id","day")
);
--> statement-breakpoint
ALTER TABLE "fatigue_counters" ADD CONSTRAINT "fatigue_counters_datastream_id_datastreams_id_fk" FOREIGN KEY ("datastream_id") REFERENCES "public"."datastreams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fatigue_histograms" ADD CONSTRAINT "fatigue_histograms_datastream_id_datastreams_id_fk" FOREIGN KEY ("datastream_id") REFERENCES "public"."datastreams"("id") ON DELETE cascade ON UPDATE no action;