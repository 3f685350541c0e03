-- The control charts each reference version is set with, kept with it (issue 29, decision 067).
ALTER TABLE "baseline_versions" ADD COLUMN "charts" jsonb;
