-- Row-level security as the second wall behind the repositories' company filters (issue 33,
-- decision 072). A request of a company's administrator or operator runs in a transaction that
-- sets `spanwatch.company_id` and `spanwatch.user_id` and switches to the role below; the
-- policies then refuse another company's rows even when a query forgets its filter. Everything
-- else (platform staff, ingest, analysis, monitors, migrations) runs as the connecting role,
-- the tables' owner, which row-level security does not apply to (no FORCE): the bypass is that
-- role, and the code that uses it on a request is written down in decision 072.
--
-- Roles belong to the cluster, not the database: made only when missing, and a second
-- migration racing this one in the same cluster (tests' databases) loses quietly.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'spanwatch_tenant') THEN
    CREATE ROLE spanwatch_tenant NOLOGIN NOSUPERUSER NOBYPASSRLS NOINHERIT;
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN
  NULL;
END $$;--> statement-breakpoint
-- A connecting role that is not a superuser must be a member to `SET ROLE` to it.
DO $$
BEGIN
  IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
    EXECUTE format('GRANT spanwatch_tenant TO %I', current_user);
  END IF;
END $$;--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO spanwatch_tenant;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO spanwatch_tenant;--> statement-breakpoint
GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO spanwatch_tenant;--> statement-breakpoint
GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA public TO spanwatch_tenant;--> statement-breakpoint
-- Tables, sequences and functions made later by the same role (later migrations, the readings'
-- monthly partitions) are granted at birth; a later migration need not repeat these grants.
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO spanwatch_tenant;--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO spanwatch_tenant;--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT EXECUTE ON FUNCTIONS TO spanwatch_tenant;--> statement-breakpoint
-- STABLE and plain SQL: the planner evaluates each once per query and can use the indexes on
-- bridges.company_id and user_bridges' key. Unset (outside a scoped transaction) is null,
-- which matches no row.
CREATE FUNCTION spanwatch_company() RETURNS integer LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT nullif(current_setting('spanwatch.company_id', true), '')::integer
$$;--> statement-breakpoint
CREATE FUNCTION spanwatch_user() RETURNS integer LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT nullif(current_setting('spanwatch.user_id', true), '')::integer
$$;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION spanwatch_company(), spanwatch_user() TO spanwatch_tenant;--> statement-breakpoint
-- A bridge is the company's, or assigned to the user by platform staff (today's visibility
-- rule, decision 040: staff may assign across companies). Writes must stay in the company.
ALTER TABLE bridges ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_rows ON bridges TO spanwatch_tenant
  USING (company_id = spanwatch_company()
         OR id IN (SELECT bridge_id FROM user_bridges WHERE user_id = spanwatch_user()))
  WITH CHECK (company_id = spanwatch_company());--> statement-breakpoint
-- Everything a bridge owns: visible when its bridge is (the sub-select on bridges is itself
-- under the policy above, so the rule is written once).
ALTER TABLE spans ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_rows ON spans TO spanwatch_tenant USING (bridge_id IN (SELECT id FROM bridges));--> statement-breakpoint
ALTER TABLE sensors ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_rows ON sensors TO spanwatch_tenant USING (bridge_id IN (SELECT id FROM bridges));--> statement-breakpoint
ALTER TABLE ingest_tokens ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_rows ON ingest_tokens TO spanwatch_tenant USING (bridge_id IN (SELECT id FROM bridges));--> statement-breakpoint
ALTER TABLE alerts ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_rows ON alerts TO spanwatch_tenant USING (bridge_id IN (SELECT id FROM bridges));--> statement-breakpoint
ALTER TABLE analysis_results ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_rows ON analysis_results TO spanwatch_tenant USING (bridge_id IN (SELECT id FROM bridges));--> statement-breakpoint
ALTER TABLE condition_history ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_rows ON condition_history TO spanwatch_tenant USING (bridge_id IN (SELECT id FROM bridges));--> statement-breakpoint
ALTER TABLE inspections ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_rows ON inspections TO spanwatch_tenant USING (bridge_id IN (SELECT id FROM bridges));--> statement-breakpoint
ALTER TABLE inspection_programmes ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_rows ON inspection_programmes TO spanwatch_tenant USING (bridge_id IN (SELECT id FROM bridges));--> statement-breakpoint
ALTER TABLE maintenance_events ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_rows ON maintenance_events TO spanwatch_tenant USING (bridge_id IN (SELECT id FROM bridges));--> statement-breakpoint
ALTER TABLE sensor_faults ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_rows ON sensor_faults TO spanwatch_tenant USING (bridge_id IN (SELECT id FROM bridges));--> statement-breakpoint
ALTER TABLE bridge_analysis_settings ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_rows ON bridge_analysis_settings TO spanwatch_tenant USING (bridge_id IN (SELECT id FROM bridges));--> statement-breakpoint
ALTER TABLE bridge_fatigue_settings ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_rows ON bridge_fatigue_settings TO spanwatch_tenant USING (bridge_id IN (SELECT id FROM bridges));--> statement-breakpoint
ALTER TABLE baseline_versions ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_rows ON baseline_versions TO spanwatch_tenant USING (bridge_id IN (SELECT id FROM bridges));--> statement-breakpoint
-- What a sensor owns: visible when its sensor is.
ALTER TABLE sensor_calibrations ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_rows ON sensor_calibrations TO spanwatch_tenant USING (sensor_id IN (SELECT id FROM sensors));--> statement-breakpoint
ALTER TABLE fatigue_details ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_rows ON fatigue_details TO spanwatch_tenant USING (sensor_id IN (SELECT id FROM sensors));
