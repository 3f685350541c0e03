CREATE TABLE "alert_link_uses" (
	"nonce" text PRIMARY KEY NOT NULL,
	"alert_id" integer NOT NULL,
	"user_id" integer,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alert_deliveries" DROP CONSTRAINT "alert_deliveries_state_check";--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD COLUMN "reminder" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "alert_link_uses" ADD CONSTRAINT "alert_link_uses_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_link_uses" ADD CONSTRAINT "alert_link_uses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD CONSTRAINT "alert_deliveries_state_check" CHECK ("alert_deliveries"."state" in ('pending', 'sent', 'failed', 'cancelled'));