ALTER TABLE "datastreams" ADD COLUMN "joined_from" timestamp with time zone;--> statement-breakpoint
-- Streams joined before this column (migration 0072): their earliest joined row, from the
-- partial index of joined rows.
UPDATE "datastreams" d SET "joined_from" = j.first
FROM (SELECT "datastream_id", min("start") AS first FROM "readings" WHERE "joined" GROUP BY 1) j
WHERE d."id" = j."datastream_id";
