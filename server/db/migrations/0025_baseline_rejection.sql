-- Who rejected a proposed baseline version, when and why (issue 29, decision 041). The table's
-- audit trigger (migration 0023) records the rejection in the bridge's history.
ALTER TABLE "baseline_versions" ADD COLUMN "rejected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "baseline_versions" ADD COLUMN "rejected_by" integer;--> statement-breakpoint
ALTER TABLE "baseline_versions" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "baseline_versions" ADD CONSTRAINT "baseline_versions_rejected_by_users_id_fk" FOREIGN KEY ("rejected_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;