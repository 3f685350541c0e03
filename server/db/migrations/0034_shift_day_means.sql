-- How many 10-minute windows a reference-shift row stands for: 1, or a UTC day once the retention
-- has averaged it (issue 29, decision 051, 2026-11-29 evening). Number 0034: 0032-0033 are other branches'.
ALTER TABLE "frequency_shifts" ADD COLUMN "windows" integer DEFAULT 1 NOT NULL;
