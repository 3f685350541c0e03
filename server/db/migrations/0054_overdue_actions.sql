-- Overdue actions escalate like alerts (issue 32, decision 077): each action is claimed once by escalated_at, and its notices (delivery log, bell) name it.
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
DROP INDEX "notifications_key";--> statement-breakpoint
ALTER TABLE "alert_actions" ADD COLUMN "escalated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD COLUMN "action_id" integer;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "action_id" integer;--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD CONSTRAINT "alert_deliveries_action_id_alert_actions_id_fk" FOREIGN KEY ("action_id") REFERENCES "public"."alert_actions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_action_id_alert_actions_id_fk" FOREIGN KEY ("action_id") REFERENCES "public"."alert_actions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_action_key" ON "notifications" USING btree ("user_id","action_id") WHERE "notifications"."action_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_key" ON "notifications" USING btree ("user_id","alert_id","kind","tier") WHERE "notifications"."action_id" is null;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('raised', 'escalated', 'cleared', 'action_overdue'));