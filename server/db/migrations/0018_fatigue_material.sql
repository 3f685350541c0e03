-- A fatigue detail's material (issue 19), free text; the details set before it were steel ones.
ALTER TABLE "fatigue_details" ADD COLUMN "material" text DEFAULT 'Steel' NOT NULL;
