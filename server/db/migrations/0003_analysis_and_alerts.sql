CREATE TABLE "alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"bridge_id" integer NOT NULL,
	"type" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"severity" text NOT NULL,
	"message" text NOT NULL,
	"state" text DEFAULT 'active' NOT NULL,
	"cause" jsonb NOT NULL,
	"raised_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_by" integer,
	"comment" text,
	"cleared_at" timestamp with time zone,
	"webhook_delivered_at" timestamp with time zone,
	CONSTRAINT "alerts_state_check" CHECK ("alerts"."state" in ('active', 'acknowledged', 'cleared'))
);
--> statement-breakpoint
CREATE TABLE "analysis_models" (
	"bridge_id" integer PRIMARY KEY NOT NULL,
	"method" text NOT NULL,
	"feature_names" jsonb NOT NULL,
	"model" jsonb NOT NULL,
	"threshold" double precision NOT NULL,
	"baseline_start" timestamp with time zone NOT NULL,
	"baseline_end" timestamp with time zone NOT NULL,
	"training_seconds" double precision NOT NULL,
	"trained_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analysis_results" (
	"bridge_id" integer PRIMARY KEY NOT NULL,
	"state" text DEFAULT 'idle' NOT NULL,
	"progress" double precision DEFAULT 0 NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"last_error" text,
	"num_anomalies" integer,
	"report" jsonb,
	"forecast" jsonb,
	"data_until" timestamp with time zone,
	"evaluated_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_bridge_id_bridges_id_fk" FOREIGN KEY ("bridge_id") REFERENCES "public"."bridges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_acknowledged_by_users_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analysis_models" ADD CONSTRAINT "analysis_models_bridge_id_bridges_id_fk" FOREIGN KEY ("bridge_id") REFERENCES "public"."bridges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analysis_results" ADD CONSTRAINT "analysis_results_bridge_id_bridges_id_fk" FOREIGN KEY ("bridge_id") REFERENCES "public"."bridges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alerts_bridge_idx" ON "alerts" USING btree ("bridge_id","raised_at");--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_open_key" ON "alerts" USING btree ("bridge_id","type","subject") WHERE "alerts"."state" <> 'cleared';