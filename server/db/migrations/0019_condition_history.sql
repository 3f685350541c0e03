-- The condition of every stored evaluation (issue 19's monthly report). Written by the analysis
-- with the evaluation, never by a person, so like analysis_results it has no audit trigger.
CREATE TABLE "condition_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"bridge_id" integer NOT NULL,
	"evaluated_at" timestamp with time zone NOT NULL,
	"period_from" timestamp with time zone NOT NULL,
	"period_to" timestamp with time zone NOT NULL,
	"condition" text NOT NULL,
	"health_score" integer NOT NULL,
	"anomaly_episodes" integer NOT NULL,
	"data_until" timestamp with time zone NOT NULL,
	CONSTRAINT "condition_history_condition_check" CHECK ("condition_history"."condition" in ('Good', 'Fair', 'Poor', 'Critical'))
);
--> statement-breakpoint
ALTER TABLE "condition_history" ADD CONSTRAINT "condition_history_bridge_id_bridges_id_fk" FOREIGN KEY ("bridge_id") REFERENCES "public"."bridges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "condition_history_bridge_idx" ON "condition_history" USING btree ("bridge_id","evaluated_at");