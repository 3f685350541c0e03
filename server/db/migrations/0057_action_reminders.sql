-- Overdue actions remind and escalate until done (issue 32, decision 077's amendment of 2026-11-30): each check claims an action's next step by compare-and-set on notice_step; next_notice_at says when it is due; the bell tells each tier an action reaches.
DROP INDEX "notifications_action_key";--> statement-breakpoint
ALTER TABLE "alert_actions" ADD COLUMN "notice_step" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "alert_actions" ADD COLUMN "next_notice_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "alert_actions_next_notice_idx" ON "alert_actions" USING btree ("next_notice_at") WHERE "alert_actions"."done_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_action_key" ON "notifications" USING btree ("user_id","action_id","tier") WHERE "notifications"."action_id" is not null;--> statement-breakpoint
-- Actions escalated once before this migration and still undone: looked at by the next check.
UPDATE "alert_actions" SET "next_notice_at" = "escalated_at" WHERE "escalated_at" IS NOT NULL AND "done_at" IS NULL;
