-- Per-company limits (issue 33, decision 058): bridges, data streams and ingest rate; null is no limit.
ALTER TABLE "companies" ADD COLUMN "max_bridges" integer;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "max_datastreams" integer;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "ingest_samples_per_minute" integer;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_max_bridges_check" CHECK ("companies"."max_bridges" is null or "companies"."max_bridges" >= 0);--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_max_datastreams_check" CHECK ("companies"."max_datastreams" is null or "companies"."max_datastreams" >= 0);--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_ingest_rate_check" CHECK ("companies"."ingest_samples_per_minute" is null or "companies"."ingest_samples_per_minute" > 0);