-- Inspection photo renditions (issue 36, decision 053 "Thumbnails"): a 320 px JPEG for lists and
-- a report-size JPEG for the monthly PDF, made on upload; null for photos stored before this.
ALTER TABLE "inspection_photos" ADD COLUMN "thumbnail" "bytea";--> statement-breakpoint
ALTER TABLE "inspection_photos" ADD COLUMN "report_image" "bytea";
