ALTER TABLE "notifications" ADD COLUMN "escalated_tier" integer;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "escalated_at" timestamp with time zone;