CREATE TABLE "rota_members" (
	"rota_id" integer NOT NULL,
	"position" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "rota_members_rota_id_position_pk" PRIMARY KEY("rota_id","position")
);
--> statement-breakpoint
CREATE TABLE "rota_overrides" (
	"id" serial PRIMARY KEY NOT NULL,
	"rota_id" integer NOT NULL,
	"from_at" timestamp with time zone NOT NULL,
	"to_at" timestamp with time zone NOT NULL,
	"user_id" integer NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	CONSTRAINT "rota_overrides_order_check" CHECK ("rota_overrides"."to_at" > "rota_overrides"."from_at")
);
--> statement-breakpoint
CREATE TABLE "rotas" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"rotation" text NOT NULL,
	"hand_off_time" text NOT NULL,
	"time_zone" text NOT NULL,
	"starts_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rotas_rotation_check" CHECK ("rotas"."rotation" in ('daily', 'weekly')),
	CONSTRAINT "rotas_hand_off_time_check" CHECK ("rotas"."hand_off_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$')
);
--> statement-breakpoint
ALTER TABLE "rota_members" ADD CONSTRAINT "rota_members_rota_id_rotas_id_fk" FOREIGN KEY ("rota_id") REFERENCES "public"."rotas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rota_members" ADD CONSTRAINT "rota_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rota_overrides" ADD CONSTRAINT "rota_overrides_rota_id_rotas_id_fk" FOREIGN KEY ("rota_id") REFERENCES "public"."rotas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rota_overrides" ADD CONSTRAINT "rota_overrides_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rotas" ADD CONSTRAINT "rotas_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rota_members_user_idx" ON "rota_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "rota_overrides_rota_idx" ON "rota_overrides" USING btree ("rota_id","to_at");--> statement-breakpoint
CREATE INDEX "rotas_company_idx" ON "rotas" USING btree ("company_id");--> statement-breakpoint
-- A rota is the company's configuration (decision 056); its members and overrides are the rota's.
CREATE TRIGGER audit_rotas AFTER INSERT OR UPDATE OR DELETE ON rotas FOR EACH ROW EXECUTE FUNCTION audit_row('company', 'company_id');
--> statement-breakpoint
CREATE TRIGGER audit_rota_members AFTER INSERT OR UPDATE OR DELETE ON rota_members FOR EACH ROW EXECUTE FUNCTION audit_row('rota', 'rota_id');
--> statement-breakpoint
CREATE TRIGGER audit_rota_overrides AFTER INSERT OR UPDATE OR DELETE ON rota_overrides FOR EACH ROW EXECUTE FUNCTION audit_row('rota', 'rota_id');
