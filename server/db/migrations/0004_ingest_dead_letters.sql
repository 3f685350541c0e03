ALTER TABLE "dead_letters" ADD COLUMN "bridge_id" integer;--> statement-breakpoint
ALTER TABLE "dead_letters" ADD COLUMN "stream_id" text;--> statement-breakpoint
ALTER TABLE "dead_letters" ADD CONSTRAINT "dead_letters_source_check" CHECK ("dead_letters"."source" IN ('http', 'mqtt'));