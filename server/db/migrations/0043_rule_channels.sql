-- In-app and webhook are no longer rule channels (decision 060, amended 2026-11-30): they never
-- added anyone. A rule keeps its email and SMS; a rule that had neither routed nothing, and goes.
DELETE FROM "notification_rules" WHERE NOT ("channels" && array['email', 'sms']::text[]);--> statement-breakpoint
UPDATE "notification_rules" SET "channels" = array(
  SELECT c FROM unnest("channels") WITH ORDINALITY AS kept(c, n) WHERE c IN ('email', 'sms') ORDER BY n
);--> statement-breakpoint
ALTER TABLE "notification_rules" DROP CONSTRAINT "notification_rules_channels_check";--> statement-breakpoint
ALTER TABLE "notification_rules" ADD CONSTRAINT "notification_rules_channels_check" CHECK (cardinality("notification_rules"."channels") between 1 and 2 and "notification_rules"."channels" <@ array['email', 'sms']::text[]);
