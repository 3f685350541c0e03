-- Readings' values as one compressed block each (issue 34, decision 052): new blocks are written
-- to "packed" (server/codec/block-codec.ts) and leave "values" NULL; blocks stored before keep
-- their array and are read either way. Both statements only change the catalogue (no rewrite,
-- no scan), on the partitioned table and every partition.
ALTER TABLE "readings" ALTER COLUMN "values" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "readings" ADD COLUMN "packed" bytea;--> statement-breakpoint
-- A stream's declared resolution: its values are stored on this grid; NULL stores them exactly.
ALTER TABLE "datastreams" ADD COLUMN "resolution" double precision;--> statement-breakpoint
ALTER TABLE "datastreams" ADD CONSTRAINT "datastreams_resolution_check" CHECK ("datastreams"."resolution" IS NULL OR "datastreams"."resolution" > 0);
