ALTER TABLE "alert_deliveries" ADD COLUMN "escalated_to" integer;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "webhook_tier" integer DEFAULT 1 NOT NULL;