-- A packed block (server/codec/block-codec.ts) is already compressed: PostgreSQL's pglz finds
-- next to nothing to take out of it, so trying on every block past the 2 KB TOAST threshold costs the
-- write for nothing. EXTERNAL still moves such a block out of line, uncompressed, without the try
-- (decision 075, amendment of 2026-11-30: COPY of the Munich records' exact blocks in a third
-- of the time, 0.6 % larger). On the partitioned table it applies to every partition and to the ones
-- created later (server/readings/partitions.ts); it changes only the catalogue, no row.
ALTER TABLE "readings" ALTER COLUMN "packed" SET STORAGE EXTERNAL;
