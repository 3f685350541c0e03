-- Row-level security on the tables 0049 left out (issue 33, decision 072's amendment of
-- 2026-11-30): those that carry a company directly, what they own, what a user owns, and the
-- rest of what a bridge, an alert, a sensor or an inspection owns. Same role, same settings,
-- same rule as 0049: a company's request sees its company's rows; platform staff and the
-- server's own work (sign-in, SSO, ingest, monitors, delivery, domain re-checks) run as the
-- owner, which no policy applies to. Grants came with 0049's default privileges.
--
-- The company itself: its own row, and the company of a bridge staff assigned the user across
-- companies (decision 040), so the bridge's list still names its owner. Only its own row is
-- changed; a company's request never creates or deletes one.
ALTER TABLE companies ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_read ON companies FOR SELECT TO spanwatch_tenant
  USING (id = spanwatch_company() OR id IN (SELECT company_id FROM bridges));--> statement-breakpoint
CREATE POLICY tenant_update ON companies FOR UPDATE TO spanwatch_tenant
  USING (id = spanwatch_company()) WITH CHECK (id = spanwatch_company());--> statement-breakpoint
-- People: the company's, oneself, platform staff (they act in every company and their names
-- stand on its alerts, photos and actions), and whoever staff assigned one of the bridges the
-- request sees (decision 040): they are told of its alerts when a change in this request clears
-- one, and their names stand on what they did. Changes only to the company's own people, and
-- never into or as platform staff.
ALTER TABLE users ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_read ON users FOR SELECT TO spanwatch_tenant
  USING (company_id = spanwatch_company() OR id = spanwatch_user() OR is_staff
         OR id IN (SELECT user_id FROM user_bridges WHERE bridge_id IN (SELECT id FROM bridges)));--> statement-breakpoint
CREATE POLICY tenant_insert ON users FOR INSERT TO spanwatch_tenant
  WITH CHECK (company_id = spanwatch_company() AND NOT is_staff);--> statement-breakpoint
CREATE POLICY tenant_update ON users FOR UPDATE TO spanwatch_tenant
  USING (company_id = spanwatch_company() AND NOT is_staff)
  WITH CHECK (company_id = spanwatch_company() AND NOT is_staff);--> statement-breakpoint
CREATE POLICY tenant_delete ON users FOR DELETE TO spanwatch_tenant
  USING (company_id = spanwatch_company() AND NOT is_staff);--> statement-breakpoint
-- A company's own settings, sign-on, rotas, groups and routing.
ALTER TABLE company_logos ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_rows ON company_logos TO spanwatch_tenant USING (company_id = spanwatch_company());--> statement-breakpoint
ALTER TABLE company_escalation ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_rows ON company_escalation TO spanwatch_tenant USING (company_id = spanwatch_company());--> statement-breakpoint
ALTER TABLE company_sso ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_rows ON company_sso TO spanwatch_tenant USING (company_id = spanwatch_company());--> statement-breakpoint
-- A domain's claims are arbitrated between companies in the claiming company's request
-- (decision 071): it must see a proof another company holds, to refuse the domain, and it
-- withdraws others' unproven claims when it proves the domain. So every claim is readable (a
-- domain name and the TXT value published for it), an unproven claim of another company may be
-- deleted, and only the company's own claims are written.
ALTER TABLE company_sso_domains ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_read ON company_sso_domains FOR SELECT TO spanwatch_tenant USING (true);--> statement-breakpoint
CREATE POLICY tenant_insert ON company_sso_domains FOR INSERT TO spanwatch_tenant
  WITH CHECK (company_id = spanwatch_company());--> statement-breakpoint
CREATE POLICY tenant_update ON company_sso_domains FOR UPDATE TO spanwatch_tenant
  USING (company_id = spanwatch_company()) WITH CHECK (company_id = spanwatch_company());--> statement-breakpoint
CREATE POLICY tenant_delete ON company_sso_domains FOR DELETE TO spanwatch_tenant
  USING (company_id = spanwatch_company() OR verified_method IS NULL OR verified_method NOT IN ('dns', 'review'));--> statement-breakpoint
ALTER TABLE sso_logins ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_rows ON sso_logins TO spanwatch_tenant USING (company_id = spanwatch_company());--> statement-breakpoint
ALTER TABLE rotas ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_rows ON rotas TO spanwatch_tenant USING (company_id = spanwatch_company());--> statement-breakpoint
ALTER TABLE rota_members ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_rows ON rota_members TO spanwatch_tenant USING (rota_id IN (SELECT id FROM rotas));--> statement-breakpoint
ALTER TABLE rota_overrides ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_rows ON rota_overrides TO spanwatch_tenant USING (rota_id IN (SELECT id FROM rotas));--> statement-breakpoint
-- A group owns actions of its company's bridges' response plans: whoever may see such a bridge
-- (an operator staff assigned it across companies) reads the owning groups' names.
ALTER TABLE contact_groups ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_read ON contact_groups FOR SELECT TO spanwatch_tenant
  USING (company_id = spanwatch_company() OR company_id IN (SELECT company_id FROM bridges));--> statement-breakpoint
CREATE POLICY tenant_insert ON contact_groups FOR INSERT TO spanwatch_tenant
  WITH CHECK (company_id = spanwatch_company());--> statement-breakpoint
CREATE POLICY tenant_update ON contact_groups FOR UPDATE TO spanwatch_tenant
  USING (company_id = spanwatch_company()) WITH CHECK (company_id = spanwatch_company());--> statement-breakpoint
CREATE POLICY tenant_delete ON contact_groups FOR DELETE TO spanwatch_tenant
  USING (company_id = spanwatch_company());--> statement-breakpoint
ALTER TABLE contact_group_members ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_read ON contact_group_members FOR SELECT TO spanwatch_tenant
  USING (group_id IN (SELECT id FROM contact_groups));--> statement-breakpoint
CREATE POLICY tenant_insert ON contact_group_members FOR INSERT TO spanwatch_tenant
  WITH CHECK (group_id IN (SELECT id FROM contact_groups WHERE company_id = spanwatch_company()));--> statement-breakpoint
CREATE POLICY tenant_update ON contact_group_members FOR UPDATE TO spanwatch_tenant
  USING (group_id IN (SELECT id FROM contact_groups WHERE company_id = spanwatch_company()))
  WITH CHECK (group_id IN (SELECT id FROM contact_groups WHERE company_id = spanwatch_company()));--> statement-breakpoint
CREATE POLICY tenant_delete ON contact_group_members FOR DELETE TO spanwatch_tenant
  USING (group_id IN (SELECT id FROM contact_groups WHERE company_id = spanwatch_company()));--> statement-breakpoint
ALTER TABLE notification_rules ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_rows ON notification_rules TO spanwatch_tenant USING (company_id = spanwatch_company());--> statement-breakpoint
-- What a user owns: the company's people's (a company administrator ends its users' sessions).
ALTER TABLE notification_settings ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_rows ON notification_settings TO spanwatch_tenant
  USING (user_id IN (SELECT id FROM users WHERE company_id = spanwatch_company()));--> statement-breakpoint
ALTER TABLE phone_verifications ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_rows ON phone_verifications TO spanwatch_tenant
  USING (user_id IN (SELECT id FROM users WHERE company_id = spanwatch_company()));--> statement-breakpoint
ALTER TABLE auth_sessions ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_rows ON auth_sessions TO spanwatch_tenant
  USING (user_id IN (SELECT id FROM users WHERE company_id = spanwatch_company()));--> statement-breakpoint
ALTER TABLE refresh_tokens ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_rows ON refresh_tokens TO spanwatch_tenant USING (session_id IN (SELECT id FROM auth_sessions));--> statement-breakpoint
-- What an alert owns: the company's alerts' (0049's alerts policy follows the bridge). A notice
-- to platform staff about the company's alert is the company's too: acknowledging writes it.
ALTER TABLE notifications ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_rows ON notifications TO spanwatch_tenant USING (alert_id IN (SELECT id FROM alerts));--> statement-breakpoint
ALTER TABLE alert_deliveries ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_rows ON alert_deliveries TO spanwatch_tenant USING (alert_id IN (SELECT id FROM alerts));--> statement-breakpoint
ALTER TABLE alert_link_uses ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_rows ON alert_link_uses TO spanwatch_tenant USING (alert_id IN (SELECT id FROM alerts));--> statement-breakpoint
ALTER TABLE alert_actions ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_rows ON alert_actions TO spanwatch_tenant USING (alert_id IN (SELECT id FROM alerts));--> statement-breakpoint
-- What a bridge owns, beyond 0049's list. A dead letter naming no known bridge is staff's.
ALTER TABLE dead_letters ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_rows ON dead_letters TO spanwatch_tenant USING (bridge_id IN (SELECT id FROM bridges));--> statement-breakpoint
ALTER TABLE analysis_models ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_rows ON analysis_models TO spanwatch_tenant USING (bridge_id IN (SELECT id FROM bridges));--> statement-breakpoint
ALTER TABLE alarm_episodes ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_rows ON alarm_episodes TO spanwatch_tenant USING (bridge_id IN (SELECT id FROM bridges));--> statement-breakpoint
ALTER TABLE frequency_shifts ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_rows ON frequency_shifts TO spanwatch_tenant USING (bridge_id IN (SELECT id FROM bridges));--> statement-breakpoint
ALTER TABLE frequency_shift_levels ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_rows ON frequency_shift_levels TO spanwatch_tenant USING (bridge_id IN (SELECT id FROM bridges));--> statement-breakpoint
ALTER TABLE identified_modes ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_rows ON identified_modes TO spanwatch_tenant USING (bridge_id IN (SELECT id FROM bridges));--> statement-breakpoint
ALTER TABLE response_plan_actions ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_rows ON response_plan_actions TO spanwatch_tenant USING (bridge_id IN (SELECT id FROM bridges));--> statement-breakpoint
-- What an inspection owns.
ALTER TABLE inspection_photos ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_rows ON inspection_photos TO spanwatch_tenant USING (inspection_id IN (SELECT id FROM inspections));--> statement-breakpoint
-- A stream's link to a sensor: visible when its sensor is. The stream itself and its readings
-- stay behind the repositories' filter (decision 072); what a stream owns follows its links,
-- or the user's own assignment of the stream.
ALTER TABLE datastream_sensors ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_rows ON datastream_sensors TO spanwatch_tenant USING (sensor_id IN (SELECT id FROM sensors));--> statement-breakpoint
ALTER TABLE fatigue_histograms ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_rows ON fatigue_histograms TO spanwatch_tenant
  USING (datastream_id IN (SELECT datastream_id FROM datastream_sensors)
         OR datastream_id IN (SELECT datastream_id FROM user_datastreams WHERE user_id = spanwatch_user()));--> statement-breakpoint
ALTER TABLE fatigue_counters ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_rows ON fatigue_counters TO spanwatch_tenant
  USING (datastream_id IN (SELECT datastream_id FROM datastream_sensors)
         OR datastream_id IN (SELECT datastream_id FROM user_datastreams WHERE user_id = spanwatch_user()));--> statement-breakpoint
-- The audit log carries no company (decision 040): a company's request reads the entries whose
-- object it can see (itself, its people, bridges, spans, sensors, tokens, alerts, rotas,
-- groups, streams linked to its sensors), and writes entries only under its own user, which is
-- what the triggers write in its transaction. An entry whose object is gone is staff's.
ALTER TABLE audit_log ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_read ON audit_log FOR SELECT TO spanwatch_tenant
  USING (CASE object_type
    WHEN 'company' THEN object_id = spanwatch_company()::text
    WHEN 'user' THEN object_id IN (SELECT id::text FROM users WHERE company_id = spanwatch_company())
    WHEN 'bridge' THEN object_id IN (SELECT id::text FROM bridges)
    WHEN 'span' THEN object_id IN (SELECT id::text FROM spans)
    WHEN 'sensor' THEN object_id IN (SELECT id::text FROM sensors)
    WHEN 'ingest_token' THEN object_id IN (SELECT id::text FROM ingest_tokens)
    WHEN 'alert' THEN object_id IN (SELECT id::text FROM alerts)
    WHEN 'rota' THEN object_id IN (SELECT id::text FROM rotas)
    WHEN 'contact_group' THEN object_id IN (SELECT id::text FROM contact_groups)
    WHEN 'datastream' THEN object_id IN (SELECT datastream_id::text FROM datastream_sensors)
    ELSE false
  END);--> statement-breakpoint
CREATE POLICY tenant_insert ON audit_log FOR INSERT TO spanwatch_tenant
  WITH CHECK (actor_id = spanwatch_user());
