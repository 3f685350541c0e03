ALTER TABLE "readings" ADD COLUMN "joined" boolean;--> statement-breakpoint
CREATE INDEX "readings_joined_idx" ON "readings" USING btree ("datastream_id","start") WHERE "readings"."joined";