ALTER TABLE "fatigue_counters" ADD COLUMN "faults_seen" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "fatigue_counters" ADD COLUMN "recount_from" date;--> statement-breakpoint
ALTER TABLE "fatigue_counters" ADD COLUMN "recount_through" date;--> statement-breakpoint
ALTER TABLE "fatigue_histograms" ADD COLUMN "residue_in" jsonb;--> statement-breakpoint
ALTER TABLE "fatigue_histograms" ADD COLUMN "recounted_at" timestamp with time zone;