-- Readings are partitioned by time (monthly ranges on "start"; server/ingest/partitions.ts adds
-- each month's partition before the first block of that month is stored). drizzle-kit cannot
-- express partitioning, so 0001 created a plain table and this migration swaps it for a
-- partitioned one. PGlite supports declarative partitioning too, so both databases take the same
-- path. The guard makes the swap happen only on the plain, still-empty table of 0001.
DO $$
BEGIN
  IF (SELECT c.relkind FROM pg_class c WHERE c.oid = 'public.readings'::regclass) = 'r'
     AND NOT EXISTS (SELECT 1 FROM public.readings) THEN
    DROP TABLE public.readings;
    CREATE TABLE public.readings (
      "datastream_id" integer NOT NULL,
      "start" timestamp with time zone NOT NULL,
      "rate_hz" double precision NOT NULL,
      "values" double precision[] NOT NULL,
      "n" integer NOT NULL,
      "v_min" double precision NOT NULL,
      "v_max" double precision NOT NULL,
      "v_sum" double precision NOT NULL,
      CONSTRAINT "readings_datastream_id_start_pk" PRIMARY KEY ("datastream_id", "start"),
      CONSTRAINT "readings_datastream_id_datastreams_id_fk" FOREIGN KEY ("datastream_id")
        REFERENCES public.datastreams ("id") ON DELETE CASCADE
    ) PARTITION BY RANGE ("start");
    -- Anything outside the monthly partitions (e.g. a partition could not be added) lands here.
    CREATE TABLE public.readings_default PARTITION OF public.readings DEFAULT;
  END IF;
END $$;
