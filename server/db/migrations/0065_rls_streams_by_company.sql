-- The readings' policy made cheap without widening it (issue 33, decision 072 amended 2026-12-02
-- (b)). Under 0064 the readings' InitPlan, `spanwatch_visible_ids('datastreams')`, read the
-- streams under their policy, whose sensor arm read `datastream_sensors` under its policy, which
-- read `sensors`, which read `bridges`: four nested dynamic queries per query, and the
-- `user_datastreams` arm nested the users policy (user_bridges and the visible bridges again).
--
-- A stream carries its company (0061), and its triggers keep it equal to the company of every
-- bridge whose sensors feed it. So "linked to a sensor on a visible bridge" is "of the company"
-- or "linked to a sensor on a bridge assigned to the user" (staff may assign a bridge across
-- companies, decision 040), and the policy becomes the company column plus the assignment arms,
-- read in one query by a security-definer function (a sub-select on user_datastreams or
-- user_bridges would expand their policies, which read users and bridges). It answers only for
-- the request's own user (`spanwatch_user()`, null outside a request: no rows), so it shows
-- nothing a plain select of the user's own assignments would not. PL/pgSQL with static
-- statements: their plans are kept for the connection, where a SQL function's body or 0064's
-- dynamic EXECUTE is planned again on every call (most of the policies' cost was planning);
-- two arrays joined, not a UNION under array_agg(DISTINCT), which measured ten times slower.
CREATE FUNCTION spanwatch_assigned_datastreams() RETURNS integer[]
LANGUAGE plpgsql STABLE PARALLEL SAFE SECURITY DEFINER SET search_path = public AS $$
BEGIN
  RETURN ARRAY(SELECT datastream_id FROM user_datastreams WHERE user_id = spanwatch_user())
         || ARRAY(SELECT ds.datastream_id
                  FROM user_bridges ub
                  JOIN sensors s ON s.bridge_id = ub.bridge_id
                  JOIN datastream_sensors ds ON ds.sensor_id = s.id
                  WHERE ub.user_id = spanwatch_user());
END $$;--> statement-breakpoint
REVOKE EXECUTE ON FUNCTION spanwatch_assigned_datastreams() FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION spanwatch_assigned_datastreams() TO spanwatch_tenant;--> statement-breakpoint
ALTER POLICY tenant_read ON datastreams
  USING (company_id = spanwatch_company()
         OR id = ANY ((SELECT spanwatch_assigned_datastreams())::integer[]));--> statement-breakpoint
-- What a request may read of a stream's rows (readings, roll-ups, fatigue counts): the rule of
-- the streams policy above, its company and its assignments, read in one query without
-- nesting a policy, as the owner (security definer). The streams policy keeps its company arm
-- as a column test of the row itself, so a stream its company has just inserted passes the
-- check of `INSERT … RETURNING` (a function's snapshot would not see that row yet);
-- row-level-security-readings.test.ts checks that both give the same streams.
CREATE FUNCTION spanwatch_visible_datastreams() RETURNS integer[]
LANGUAGE plpgsql STABLE PARALLEL SAFE SECURITY DEFINER SET search_path = public AS $$
BEGIN
  RETURN ARRAY(SELECT id FROM datastreams WHERE company_id = spanwatch_company())
         || spanwatch_assigned_datastreams();
END $$;--> statement-breakpoint
REVOKE EXECUTE ON FUNCTION spanwatch_visible_datastreams() FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION spanwatch_visible_datastreams() TO spanwatch_tenant;--> statement-breakpoint
-- Readings, roll-ups and fatigue counts: one InitPlan and one query in it, where 0064's ran four
-- nested dynamic queries (the fatigue tables had the streams policy's arms spelt out without
-- its company arm, which is the stream's own company under 0061's triggers).
ALTER POLICY tenant_rows ON readings
  USING (datastream_id = ANY ((SELECT spanwatch_visible_datastreams())::integer[]));--> statement-breakpoint
ALTER POLICY tenant_rows ON reading_rollups
  USING (datastream_id = ANY ((SELECT spanwatch_visible_datastreams())::integer[]));--> statement-breakpoint
ALTER POLICY tenant_rows ON fatigue_histograms
  USING (datastream_id = ANY ((SELECT spanwatch_visible_datastreams())::integer[]));--> statement-breakpoint
ALTER POLICY tenant_rows ON fatigue_counters
  USING (datastream_id = ANY ((SELECT spanwatch_visible_datastreams())::integer[]));
