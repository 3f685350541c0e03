-- Inspection photos in the database, and the client's key that makes a retried inspection one (issue 36, decision 053).
CREATE TABLE "inspection_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"inspection_id" integer NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"data" "bytea" NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inspection_photos_type_check" CHECK ("inspection_photos"."content_type" in ('image/jpeg', 'image/png', 'image/webp')),
	CONSTRAINT "inspection_photos_size_check" CHECK ("inspection_photos"."size_bytes" = octet_length("inspection_photos"."data"))
);
--> statement-breakpoint
ALTER TABLE "inspections" ADD COLUMN "client_key" text;--> statement-breakpoint
ALTER TABLE "inspection_photos" ADD CONSTRAINT "inspection_photos_inspection_id_inspections_id_fk" FOREIGN KEY ("inspection_id") REFERENCES "public"."inspections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_photos" ADD CONSTRAINT "inspection_photos_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inspection_photos_content_idx" ON "inspection_photos" USING btree ("inspection_id","sha256");--> statement-breakpoint
CREATE UNIQUE INDEX "inspections_client_key_idx" ON "inspections" USING btree ("client_key");