CREATE TABLE "inspection_programmes" (
	"bridge_id" integer PRIMARY KEY NOT NULL,
	"regime" text NOT NULL,
	"rating_scale" text NOT NULL,
	"intervals" jsonb NOT NULL,
	"poor_condition_factor" double precision NOT NULL,
	"due_lead_days" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inspection_programmes_regime_check" CHECK ("inspection_programmes"."regime" in ('NBIS', 'OSIM', 'custom')),
	CONSTRAINT "inspection_programmes_scale_check" CHECK ("inspection_programmes"."rating_scale" in ('NBI', 'BCI'))
);
--> statement-breakpoint
CREATE TABLE "inspections" (
	"id" serial PRIMARY KEY NOT NULL,
	"bridge_id" integer NOT NULL,
	"inspected_on" date NOT NULL,
	"kind" text NOT NULL,
	"inspector" text NOT NULL,
	"rating_scale" text NOT NULL,
	"deck_rating" integer,
	"superstructure_rating" integer,
	"substructure_rating" integer,
	"bci" double precision,
	"findings" text,
	"attachments" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inspections_kind_check" CHECK ("inspections"."kind" in ('routine', 'in_depth', 'underwater', 'special')),
	CONSTRAINT "inspections_scale_check" CHECK ("inspections"."rating_scale" in ('NBI', 'BCI'))
);
--> statement-breakpoint
ALTER TABLE "inspection_programmes" ADD CONSTRAINT "inspection_programmes_bridge_id_bridges_id_fk" FOREIGN KEY ("bridge_id") REFERENCES "public"."bridges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_bridge_id_bridges_id_fk" FOREIGN KEY ("bridge_id") REFERENCES "public"."bridges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inspections_bridge_idx" ON "inspections" USING btree ("bridge_id","inspected_on");--> statement-breakpoint
CREATE TRIGGER audit_inspection_programmes AFTER INSERT OR UPDATE OR DELETE ON inspection_programmes FOR EACH ROW EXECUTE FUNCTION audit_row('bridge', 'bridge_id');
--> statement-breakpoint
CREATE TRIGGER audit_inspections AFTER INSERT OR UPDATE OR DELETE ON inspections FOR EACH ROW EXECUTE FUNCTION audit_row('bridge', 'bridge_id');
