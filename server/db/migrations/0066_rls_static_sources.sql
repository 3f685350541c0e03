-- The rest of the policies off 0064's dynamic function (issue 33, decision 072 amended
-- 2026-12-02 (c)). 0064 wrote "owned by a visible X" as `x_id = ANY ((SELECT
-- spanwatch_visible_ids('x'))::integer[])`: one InitPlan per query, but in it an EXECUTE that is
-- parsed and planned again on every call, with X's own policy expanded into it (a sensor's
-- policy under a calibration's, bridges' under a sensor's). 0065 replaced that for the streams'
-- rows with static PL/pgSQL (its plans kept for the connection); this does the same for every
-- other source: bridges, sensors, alerts, rotas, inspections, the users of visible bridges and
-- the companies of assigned bridges.
--
-- Each function spells out its source's policy as it stands (bridges: the company's or assigned
-- to the user; sensors, alerts, inspections: on a visible bridge; rotas: the company's), reads
-- as the owner (SECURITY DEFINER, search_path pinned) so no policy nests, and answers only for
-- the request's own `spanwatch_company()` / `spanwatch_user()`: null outside a request, so an
-- empty array (fails closed). Executable by the tenant role only. Where a function needs another
-- one's array it takes it into a variable first: `= ANY (f())` in a query would call a
-- function per row on a sequential scan.
CREATE FUNCTION spanwatch_visible_bridges() RETURNS integer[]
LANGUAGE plpgsql STABLE PARALLEL SAFE SECURITY DEFINER SET search_path = public AS $$
BEGIN
  RETURN ARRAY(SELECT id FROM bridges WHERE company_id = spanwatch_company())
         || ARRAY(SELECT bridge_id FROM user_bridges WHERE user_id = spanwatch_user());
END $$;--> statement-breakpoint
REVOKE EXECUTE ON FUNCTION spanwatch_visible_bridges() FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION spanwatch_visible_bridges() TO spanwatch_tenant;--> statement-breakpoint
CREATE FUNCTION spanwatch_visible_sensors() RETURNS integer[]
LANGUAGE plpgsql STABLE PARALLEL SAFE SECURITY DEFINER SET search_path = public AS $$
DECLARE
  visible integer[] := spanwatch_visible_bridges();
BEGIN
  RETURN ARRAY(SELECT id FROM sensors WHERE bridge_id = ANY (visible));
END $$;--> statement-breakpoint
REVOKE EXECUTE ON FUNCTION spanwatch_visible_sensors() FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION spanwatch_visible_sensors() TO spanwatch_tenant;--> statement-breakpoint
CREATE FUNCTION spanwatch_visible_alerts() RETURNS integer[]
LANGUAGE plpgsql STABLE PARALLEL SAFE SECURITY DEFINER SET search_path = public AS $$
DECLARE
  visible integer[] := spanwatch_visible_bridges();
BEGIN
  RETURN ARRAY(SELECT id FROM alerts WHERE bridge_id = ANY (visible));
END $$;--> statement-breakpoint
REVOKE EXECUTE ON FUNCTION spanwatch_visible_alerts() FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION spanwatch_visible_alerts() TO spanwatch_tenant;--> statement-breakpoint
CREATE FUNCTION spanwatch_visible_inspections() RETURNS integer[]
LANGUAGE plpgsql STABLE PARALLEL SAFE SECURITY DEFINER SET search_path = public AS $$
DECLARE
  visible integer[] := spanwatch_visible_bridges();
BEGIN
  RETURN ARRAY(SELECT id FROM inspections WHERE bridge_id = ANY (visible));
END $$;--> statement-breakpoint
REVOKE EXECUTE ON FUNCTION spanwatch_visible_inspections() FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION spanwatch_visible_inspections() TO spanwatch_tenant;--> statement-breakpoint
CREATE FUNCTION spanwatch_visible_rotas() RETURNS integer[]
LANGUAGE plpgsql STABLE PARALLEL SAFE SECURITY DEFINER SET search_path = public AS $$
BEGIN
  RETURN ARRAY(SELECT id FROM rotas WHERE company_id = spanwatch_company());
END $$;--> statement-breakpoint
REVOKE EXECUTE ON FUNCTION spanwatch_visible_rotas() FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION spanwatch_visible_rotas() TO spanwatch_tenant;--> statement-breakpoint
-- The people assigned a visible bridge (the users policy's last arm: a request sees who else
-- watches the bridges it sees). user_bridges carries no policy, so this was an InitPlan and a
-- SubPlan per users query; now one InitPlan.
CREATE FUNCTION spanwatch_visible_bridge_users() RETURNS integer[]
LANGUAGE plpgsql STABLE PARALLEL SAFE SECURITY DEFINER SET search_path = public AS $$
DECLARE
  visible integer[] := spanwatch_visible_bridges();
BEGIN
  RETURN ARRAY(SELECT user_id FROM user_bridges WHERE bridge_id = ANY (visible));
END $$;--> statement-breakpoint
REVOKE EXECUTE ON FUNCTION spanwatch_visible_bridge_users() FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION spanwatch_visible_bridge_users() TO spanwatch_tenant;--> statement-breakpoint
-- The companies of the bridges assigned to the user (staff may assign across companies,
-- decision 040). 0064's arm was the companies of all visible bridges; the company's own bridges
-- only ever add the request's own company, which the policies' first arm already admits.
CREATE FUNCTION spanwatch_assigned_bridge_companies() RETURNS integer[]
LANGUAGE plpgsql STABLE PARALLEL SAFE SECURITY DEFINER SET search_path = public AS $$
BEGIN
  RETURN ARRAY(SELECT b.company_id FROM user_bridges ub JOIN bridges b ON b.id = ub.bridge_id
               WHERE ub.user_id = spanwatch_user());
END $$;--> statement-breakpoint
REVOKE EXECUTE ON FUNCTION spanwatch_assigned_bridge_companies() FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION spanwatch_assigned_bridge_companies() TO spanwatch_tenant;--> statement-breakpoint
-- The owned tables: table, key column, function (all `tenant_rows`, FOR ALL, so the same
-- expression checks writes; roles and commands unchanged).
DO $$
DECLARE
  owned text[];
BEGIN
  FOREACH owned SLICE 1 IN ARRAY ARRAY[
    ['spans', 'bridge_id', 'spanwatch_visible_bridges'],
    ['sensors', 'bridge_id', 'spanwatch_visible_bridges'],
    ['ingest_tokens', 'bridge_id', 'spanwatch_visible_bridges'],
    ['alerts', 'bridge_id', 'spanwatch_visible_bridges'],
    ['analysis_results', 'bridge_id', 'spanwatch_visible_bridges'],
    ['condition_history', 'bridge_id', 'spanwatch_visible_bridges'],
    ['inspections', 'bridge_id', 'spanwatch_visible_bridges'],
    ['inspection_programmes', 'bridge_id', 'spanwatch_visible_bridges'],
    ['maintenance_events', 'bridge_id', 'spanwatch_visible_bridges'],
    ['sensor_faults', 'bridge_id', 'spanwatch_visible_bridges'],
    ['bridge_analysis_settings', 'bridge_id', 'spanwatch_visible_bridges'],
    ['bridge_fatigue_settings', 'bridge_id', 'spanwatch_visible_bridges'],
    ['baseline_versions', 'bridge_id', 'spanwatch_visible_bridges'],
    ['dead_letters', 'bridge_id', 'spanwatch_visible_bridges'],
    ['analysis_models', 'bridge_id', 'spanwatch_visible_bridges'],
    ['alarm_episodes', 'bridge_id', 'spanwatch_visible_bridges'],
    ['frequency_shifts', 'bridge_id', 'spanwatch_visible_bridges'],
    ['frequency_shift_levels', 'bridge_id', 'spanwatch_visible_bridges'],
    ['identified_modes', 'bridge_id', 'spanwatch_visible_bridges'],
    ['identified_mode_days', 'bridge_id', 'spanwatch_visible_bridges'],
    ['response_plan_actions', 'bridge_id', 'spanwatch_visible_bridges'],
    ['sensor_disagreements', 'bridge_id', 'spanwatch_visible_bridges'],
    ['cable_tensions', 'bridge_id', 'spanwatch_visible_bridges'],
    ['sensor_calibrations', 'sensor_id', 'spanwatch_visible_sensors'],
    ['fatigue_details', 'sensor_id', 'spanwatch_visible_sensors'],
    ['datastream_sensors', 'sensor_id', 'spanwatch_visible_sensors'],
    ['notifications', 'alert_id', 'spanwatch_visible_alerts'],
    ['alert_deliveries', 'alert_id', 'spanwatch_visible_alerts'],
    ['alert_link_uses', 'alert_id', 'spanwatch_visible_alerts'],
    ['alert_actions', 'alert_id', 'spanwatch_visible_alerts'],
    ['rota_members', 'rota_id', 'spanwatch_visible_rotas'],
    ['rota_overrides', 'rota_id', 'spanwatch_visible_rotas'],
    ['inspection_photos', 'inspection_id', 'spanwatch_visible_inspections']
  ] LOOP
    EXECUTE format('ALTER POLICY tenant_rows ON %I USING (%I = ANY ((SELECT %I())::integer[]))',
                   owned[1], owned[2], owned[3]);
  END LOOP;
END $$;--> statement-breakpoint
-- The read policies' arms of the same shape; their other arms are unchanged.
ALTER POLICY tenant_read ON companies
  USING (id = spanwatch_company()
         OR id = ANY ((SELECT spanwatch_assigned_bridge_companies())::integer[]));--> statement-breakpoint
ALTER POLICY tenant_read ON contact_groups
  USING (company_id = spanwatch_company()
         OR company_id = ANY ((SELECT spanwatch_assigned_bridge_companies())::integer[]));--> statement-breakpoint
ALTER POLICY tenant_read ON users
  USING (company_id = spanwatch_company() OR id = spanwatch_user() OR is_staff
         OR id = ANY ((SELECT spanwatch_visible_bridge_users())::integer[]));
