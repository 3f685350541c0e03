-- Row-level security planned once per query (issue 33, decision 072 amended 2026-12-02). The
-- policies of 0049/0055/0061 wrote "owned by a visible X" as `x_id IN (SELECT id FROM x)`: the
-- sub-select is itself under x's policy, so every query of a company's request planned the whole
-- chain again (the streams list planned 18 sub-plans: the cost measured by bench:rls was in
-- planning, not in the rows). Each such policy now compares against the array of ids the
-- request may see, `x_id = ANY ((SELECT spanwatch_visible_ids('x'))::integer[])`: an
-- uncorrelated scalar sub-select, which PostgreSQL runs once per query as an InitPlan (the cast
-- keeps the parser from reading `ANY (SELECT ...)` as a set comparison).
--
-- One function for every source table, not one per table: it reads the table as the caller
-- (SECURITY INVOKER), so the source's own policy decides what is visible, and the rule stays
-- written once, on the source. For the owner (platform staff, the server's own work) it would
-- return every id, but no policy applies to the owner, so it is never called there. Outside a
-- company's settings the source's policy matches nothing and the array is empty: fails closed.
-- The table is a regclass, resolved to its oid when a policy is created, never from a string at
-- run time; the column is quoted with %I.
CREATE FUNCTION spanwatch_visible_ids(source regclass, id_column name DEFAULT 'id')
RETURNS integer[] LANGUAGE plpgsql STABLE PARALLEL SAFE SECURITY INVOKER AS $$
DECLARE
  ids integer[];
BEGIN
  EXECUTE format('SELECT coalesce(array_agg(%I), ''{}'') FROM %s', id_column, source) INTO ids;
  RETURN ids;
END $$;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION spanwatch_visible_ids(regclass, name) TO spanwatch_tenant;--> statement-breakpoint
-- "Owned by a visible row of the source": table, its key column, the source (all `tenant_rows`,
-- FOR ALL, so the same expression checks writes).
DO $$
DECLARE
  owned text[];
BEGIN
  FOREACH owned SLICE 1 IN ARRAY ARRAY[
    ['spans', 'bridge_id', 'bridges'],
    ['sensors', 'bridge_id', 'bridges'],
    ['ingest_tokens', 'bridge_id', 'bridges'],
    ['alerts', 'bridge_id', 'bridges'],
    ['analysis_results', 'bridge_id', 'bridges'],
    ['condition_history', 'bridge_id', 'bridges'],
    ['inspections', 'bridge_id', 'bridges'],
    ['inspection_programmes', 'bridge_id', 'bridges'],
    ['maintenance_events', 'bridge_id', 'bridges'],
    ['sensor_faults', 'bridge_id', 'bridges'],
    ['bridge_analysis_settings', 'bridge_id', 'bridges'],
    ['bridge_fatigue_settings', 'bridge_id', 'bridges'],
    ['baseline_versions', 'bridge_id', 'bridges'],
    ['dead_letters', 'bridge_id', 'bridges'],
    ['analysis_models', 'bridge_id', 'bridges'],
    ['alarm_episodes', 'bridge_id', 'bridges'],
    ['frequency_shifts', 'bridge_id', 'bridges'],
    ['frequency_shift_levels', 'bridge_id', 'bridges'],
    ['identified_modes', 'bridge_id', 'bridges'],
    ['identified_mode_days', 'bridge_id', 'bridges'],
    ['response_plan_actions', 'bridge_id', 'bridges'],
    ['sensor_disagreements', 'bridge_id', 'bridges'],
    ['cable_tensions', 'bridge_id', 'bridges'],
    ['sensor_calibrations', 'sensor_id', 'sensors'],
    ['fatigue_details', 'sensor_id', 'sensors'],
    ['datastream_sensors', 'sensor_id', 'sensors'],
    ['notifications', 'alert_id', 'alerts'],
    ['alert_deliveries', 'alert_id', 'alerts'],
    ['alert_link_uses', 'alert_id', 'alerts'],
    ['alert_actions', 'alert_id', 'alerts'],
    ['rota_members', 'rota_id', 'rotas'],
    ['rota_overrides', 'rota_id', 'rotas'],
    ['inspection_photos', 'inspection_id', 'inspections']
  ] LOOP
    EXECUTE format('ALTER POLICY tenant_rows ON %I USING (%I = ANY ((SELECT spanwatch_visible_ids(%L))::integer[]))',
                   owned[1], owned[2], owned[3]);
  END LOOP;
END $$;--> statement-breakpoint
-- Readings and roll-ups behind the wall too (0055 and 0061 left them out for the cost of the
-- nested join on every scan; one array per query is what is left of it): a block is visible
-- when its data stream is. Ingest, retention and the analyses run as the owner, which no policy
-- applies to; a stream's deletion cascades as the owner too.
ALTER TABLE readings ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_rows ON readings TO spanwatch_tenant
  USING (datastream_id = ANY ((SELECT spanwatch_visible_ids('datastreams'))::integer[]));--> statement-breakpoint
ALTER TABLE reading_rollups ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_rows ON reading_rollups TO spanwatch_tenant
  USING (datastream_id = ANY ((SELECT spanwatch_visible_ids('datastreams'))::integer[]));--> statement-breakpoint
-- The read policies with an arm of the same shape; their other arms are unchanged.
ALTER POLICY tenant_read ON companies
  USING (id = spanwatch_company()
         OR id = ANY ((SELECT spanwatch_visible_ids('bridges', 'company_id'))::integer[]));--> statement-breakpoint
ALTER POLICY tenant_read ON contact_groups
  USING (company_id = spanwatch_company()
         OR company_id = ANY ((SELECT spanwatch_visible_ids('bridges', 'company_id'))::integer[]));--> statement-breakpoint
ALTER POLICY tenant_read ON users
  USING (company_id = spanwatch_company() OR id = spanwatch_user() OR is_staff
         OR id IN (SELECT user_id FROM user_bridges
                   WHERE bridge_id = ANY ((SELECT spanwatch_visible_ids('bridges'))::integer[])));--> statement-breakpoint
ALTER POLICY tenant_read ON datastreams
  USING (company_id = spanwatch_company()
         OR id = ANY ((SELECT spanwatch_visible_ids('datastream_sensors', 'datastream_id'))::integer[])
         OR id IN (SELECT datastream_id FROM user_datastreams WHERE user_id = spanwatch_user()));--> statement-breakpoint
ALTER POLICY tenant_rows ON fatigue_histograms
  USING (datastream_id = ANY ((SELECT spanwatch_visible_ids('datastream_sensors', 'datastream_id'))::integer[])
         OR datastream_id IN (SELECT datastream_id FROM user_datastreams WHERE user_id = spanwatch_user()));--> statement-breakpoint
ALTER POLICY tenant_rows ON fatigue_counters
  USING (datastream_id = ANY ((SELECT spanwatch_visible_ids('datastream_sensors', 'datastream_id'))::integer[])
         OR datastream_id IN (SELECT datastream_id FROM user_datastreams WHERE user_id = spanwatch_user()));
