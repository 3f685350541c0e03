-- Row-level security's per-statement cost cut where the dashboard's plans showed it (issue 33,
-- decision 072 (f)). EXPLAIN (ANALYZE, BUFFERS) of the dashboard's statements as the tenant role
-- (tests/bench/rls-dashboard-plans.ts) found the time in three places:
--   - every owned table's InitPlan calls a PL/pgSQL function (0.05-0.2 ms a call: two or more
--     SPI queries in it, plus the nested spanwatch_visible_bridges() for sensors);
--   - the sensors' and streams' arrays (about 100 ids on the demo) go into the index condition
--     next to the query's own key, and PostgreSQL 15 descends the btree once per array element
--     (108 buffers for one stream's sensor links, against 2 without the wall);
--   - the bridges policy plans its assignment sub-select (a SubPlan) on every bridges read.
-- Rows owned by a sensor or a stream now compare with their source through the source's own
-- policy, `x_id IN (SELECT id FROM x)`: a hashed sub-plan built once per statement, the source
-- read under its own (cheap) policy, no function call and no array in the index condition.
-- The visibility is the same by construction: a sensor's row is visible when the sensor is, and
-- the sensors policy is the one spanwatch_visible_sensors() spelt out; a stream's row when the
-- stream is, and the streams policy is spanwatch_visible_datastreams()'s rule (its company, or
-- assigned). The bridges' assignment arm becomes an InitPlan, run only for a row the company arm
-- does not admit. The functions stay (benches rebuild the older policies with them).
CREATE FUNCTION spanwatch_assigned_bridges() RETURNS integer[]
LANGUAGE plpgsql STABLE PARALLEL SAFE SECURITY DEFINER SET search_path = public AS $$
BEGIN
  RETURN ARRAY(SELECT bridge_id FROM user_bridges WHERE user_id = spanwatch_user());
END $$;--> statement-breakpoint
REVOKE EXECUTE ON FUNCTION spanwatch_assigned_bridges() FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION spanwatch_assigned_bridges() TO spanwatch_tenant;--> statement-breakpoint
ALTER POLICY tenant_rows ON bridges
  USING (company_id = spanwatch_company()
         OR id = ANY ((SELECT spanwatch_assigned_bridges())::integer[]));--> statement-breakpoint
ALTER POLICY tenant_rows ON sensor_calibrations USING (sensor_id IN (SELECT id FROM sensors));--> statement-breakpoint
ALTER POLICY tenant_rows ON fatigue_details USING (sensor_id IN (SELECT id FROM sensors));--> statement-breakpoint
ALTER POLICY tenant_rows ON datastream_sensors USING (sensor_id IN (SELECT id FROM sensors));--> statement-breakpoint
ALTER POLICY tenant_rows ON readings USING (datastream_id IN (SELECT id FROM datastreams));--> statement-breakpoint
ALTER POLICY tenant_rows ON reading_rollups USING (datastream_id IN (SELECT id FROM datastreams));--> statement-breakpoint
ALTER POLICY tenant_rows ON fatigue_histograms USING (datastream_id IN (SELECT id FROM datastreams));--> statement-breakpoint
ALTER POLICY tenant_rows ON fatigue_counters USING (datastream_id IN (SELECT id FROM datastreams));
