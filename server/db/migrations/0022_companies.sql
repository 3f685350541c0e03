-- Companies as tenants (decision 040). Every user and every bridge gets a company; the rest
-- (spans, sensors, streams, tokens, alerts...) belongs through its bridge.
-- 1. One company per distinct company name of today's users: names are compared trimmed and
--    without case, and the spelling of the earliest user is kept.
-- 2. Each bridge goes to the company with the most users assigned to it (a tie: the company
--    made first).
-- 3. A bridge assigned to nobody (and a user whose company name is blank) goes to the default
--    company 'Unassigned bridges (migration 0022)', made only when needed; platform staff move
--    those bridges to their owners.
CREATE TABLE "companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "companies_name_lower_key" ON "companies" USING btree (lower("name"));--> statement-breakpoint
ALTER TABLE "bridges" ADD COLUMN "company_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "company_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_company_admin" boolean DEFAULT false NOT NULL;--> statement-breakpoint
INSERT INTO "companies" ("name")
SELECT "name" FROM (
	SELECT DISTINCT ON (lower(btrim("company"))) btrim("company") AS "name", "id"
	FROM "users"
	WHERE btrim("company") <> ''
	ORDER BY lower(btrim("company")), "id"
) AS "first_spelling"
ORDER BY "id";--> statement-breakpoint
UPDATE "users" SET "company_id" = "companies"."id"
FROM "companies"
WHERE lower("companies"."name") = lower(btrim("users"."company"));--> statement-breakpoint
UPDATE "bridges" SET "company_id" = "owner"."company_id"
FROM (
	SELECT DISTINCT ON ("user_bridges"."bridge_id") "user_bridges"."bridge_id", "users"."company_id"
	FROM "user_bridges"
	JOIN "users" ON "users"."id" = "user_bridges"."user_id"
	GROUP BY "user_bridges"."bridge_id", "users"."company_id"
	ORDER BY "user_bridges"."bridge_id", count(*) DESC, "users"."company_id"
) AS "owner"
WHERE "owner"."bridge_id" = "bridges"."id";--> statement-breakpoint
INSERT INTO "companies" ("name")
SELECT 'Unassigned bridges (migration 0022)'
WHERE EXISTS (SELECT 1 FROM "bridges" WHERE "company_id" IS NULL)
	OR EXISTS (SELECT 1 FROM "users" WHERE "company_id" IS NULL);--> statement-breakpoint
UPDATE "bridges" SET "company_id" = (
	SELECT "id" FROM "companies" WHERE "name" = 'Unassigned bridges (migration 0022)'
) WHERE "company_id" IS NULL;--> statement-breakpoint
UPDATE "users" SET "company_id" = (
	SELECT "id" FROM "companies" WHERE "name" = 'Unassigned bridges (migration 0022)'
) WHERE "company_id" IS NULL;--> statement-breakpoint
ALTER TABLE "bridges" ALTER COLUMN "company_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "company_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "bridges" ADD CONSTRAINT "bridges_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bridges_company_idx" ON "bridges" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "users_company_idx" ON "users" USING btree ("company_id");
