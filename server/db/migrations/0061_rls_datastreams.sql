-- Data streams behind the wall (issue 33, decision 072 amended 2026-12-01). A stream now carries
-- the company of the bridges its sensors are on, so a policy can key on it as on the other
-- company tables: 0055 left `datastreams` and `user_datastreams` outside for want of one.
--
-- The company of each stream: that of its sensors' bridges (the lowest, should an old stream
-- be fed by two companies' sensors: staff could link across before this migration); a stream
-- fed by no sensor goes to the holding company of unassigned bridges (migration 0022), as a
-- bridge created without a company does.
ALTER TABLE "datastreams" ADD COLUMN "company_id" integer;--> statement-breakpoint
UPDATE "datastreams" SET "company_id" = "owner"."company_id"
FROM (
	SELECT "datastream_sensors"."datastream_id", min("bridges"."company_id") AS "company_id"
	FROM "datastream_sensors"
	JOIN "sensors" ON "sensors"."id" = "datastream_sensors"."sensor_id"
	JOIN "bridges" ON "bridges"."id" = "sensors"."bridge_id"
	GROUP BY "datastream_sensors"."datastream_id"
) AS "owner"
WHERE "owner"."datastream_id" = "datastreams"."id";--> statement-breakpoint
INSERT INTO "companies" ("name")
SELECT 'Unassigned bridges (migration 0022)'
WHERE EXISTS (SELECT 1 FROM "datastreams" WHERE "company_id" IS NULL)
	AND NOT EXISTS (SELECT 1 FROM "companies" WHERE lower("name") = lower('Unassigned bridges (migration 0022)'));--> statement-breakpoint
UPDATE "datastreams" SET "company_id" = (
	SELECT "id" FROM "companies" WHERE lower("name") = lower('Unassigned bridges (migration 0022)')
) WHERE "company_id" IS NULL;--> statement-breakpoint
ALTER TABLE "datastreams" ALTER COLUMN "company_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "datastreams" ADD CONSTRAINT "datastreams_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "datastreams_company_idx" ON "datastreams" USING btree ("company_id");--> statement-breakpoint
-- The company cannot drift from the sensors': a link to a sensor on another company's bridge is
-- refused, and so is a stream's company changed away from its sensors', a sensor moved to
-- another company's bridge, or a bridge moved to another company while a stream it feeds is
-- also fed from elsewhere (a bridge moved alone takes its streams with it). Security definer:
-- the check must see every row whoever asks (a company's request sees only its own).
CREATE FUNCTION datastream_company_mismatch(stream integer) RETURNS text
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT format('data stream %s belongs to company %s, its sensor %s to company %s',
                d.id, d.company_id, s.id, b.company_id)
  FROM datastreams d
  JOIN datastream_sensors ds ON ds.datastream_id = d.id
  JOIN sensors s ON s.id = ds.sensor_id
  JOIN bridges b ON b.id = s.bridge_id
  WHERE d.id = stream AND b.company_id <> d.company_id
  LIMIT 1
$$;--> statement-breakpoint
CREATE FUNCTION datastream_company_check() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  mismatch text;
BEGIN
  IF TG_TABLE_NAME = 'datastream_sensors' THEN
    mismatch := datastream_company_mismatch(NEW.datastream_id);
  ELSIF TG_TABLE_NAME = 'datastreams' THEN
    mismatch := datastream_company_mismatch(NEW.id);
  ELSE
    SELECT m INTO mismatch
    FROM datastream_sensors ds, datastream_company_mismatch(ds.datastream_id) AS m
    WHERE ds.sensor_id = NEW.id AND m IS NOT NULL
    LIMIT 1;
  END IF;
  IF mismatch IS NOT NULL THEN
    RAISE EXCEPTION 'datastreams_company_check: %', mismatch USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER datastream_sensors_company AFTER INSERT OR UPDATE ON datastream_sensors
  FOR EACH ROW EXECUTE FUNCTION datastream_company_check();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER datastreams_company AFTER UPDATE OF company_id ON datastreams
  FOR EACH ROW EXECUTE FUNCTION datastream_company_check();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER sensors_datastream_company AFTER UPDATE OF bridge_id ON sensors
  FOR EACH ROW EXECUTE FUNCTION datastream_company_check();--> statement-breakpoint
CREATE FUNCTION bridge_moves_its_datastreams() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  UPDATE datastreams SET company_id = NEW.company_id
  WHERE company_id <> NEW.company_id
    AND id IN (SELECT ds.datastream_id FROM datastream_sensors ds
               JOIN sensors s ON s.id = ds.sensor_id WHERE s.bridge_id = NEW.id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER bridges_move_datastreams AFTER UPDATE OF company_id ON bridges
  FOR EACH ROW WHEN (OLD.company_id IS DISTINCT FROM NEW.company_id)
  EXECUTE FUNCTION bridge_moves_its_datastreams();--> statement-breakpoint
-- The policies, as on the other company tables. A stream is read by its company, by whoever
-- may see a sensor feeding it (an operator staff assigned a bridge across companies, decision
-- 040, as the bridges policy allows), and by a user it is assigned to; it is written only in
-- its company.
ALTER TABLE datastreams ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_read ON datastreams FOR SELECT TO spanwatch_tenant
  USING (company_id = spanwatch_company()
         OR id IN (SELECT datastream_id FROM datastream_sensors)
         OR id IN (SELECT datastream_id FROM user_datastreams WHERE user_id = spanwatch_user()));--> statement-breakpoint
CREATE POLICY tenant_insert ON datastreams FOR INSERT TO spanwatch_tenant
  WITH CHECK (company_id = spanwatch_company());--> statement-breakpoint
CREATE POLICY tenant_update ON datastreams FOR UPDATE TO spanwatch_tenant
  USING (company_id = spanwatch_company()) WITH CHECK (company_id = spanwatch_company());--> statement-breakpoint
CREATE POLICY tenant_delete ON datastreams FOR DELETE TO spanwatch_tenant
  USING (company_id = spanwatch_company());--> statement-breakpoint
-- A user's assigned streams: read for oneself and the company's people; assigned (written) only
-- between the company's people and the company's streams. The stream's company is read through
-- a security-definer function: a sub-select on datastreams here would expand datastreams'
-- policy, which reads user_datastreams (infinite recursion).
CREATE FUNCTION datastream_company(stream integer) RETURNS integer
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT company_id FROM datastreams WHERE id = stream
$$;--> statement-breakpoint
ALTER TABLE user_datastreams ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_read ON user_datastreams FOR SELECT TO spanwatch_tenant
  USING (user_id = spanwatch_user()
         OR user_id IN (SELECT id FROM users WHERE company_id = spanwatch_company()));--> statement-breakpoint
CREATE POLICY tenant_insert ON user_datastreams FOR INSERT TO spanwatch_tenant
  WITH CHECK (user_id IN (SELECT id FROM users WHERE company_id = spanwatch_company())
              AND datastream_company(datastream_id) = spanwatch_company());--> statement-breakpoint
CREATE POLICY tenant_update ON user_datastreams FOR UPDATE TO spanwatch_tenant
  USING (user_id IN (SELECT id FROM users WHERE company_id = spanwatch_company()))
  WITH CHECK (user_id IN (SELECT id FROM users WHERE company_id = spanwatch_company())
              AND datastream_company(datastream_id) = spanwatch_company());--> statement-breakpoint
CREATE POLICY tenant_delete ON user_datastreams FOR DELETE TO spanwatch_tenant
  USING (user_id IN (SELECT id FROM users WHERE company_id = spanwatch_company()));
--> statement-breakpoint
-- Single sign-on domain claims (decision 071), narrowed: 0055 let a company's request read every
-- company's claims (domain and published challenge) and delete others' unproven ones, because
-- the two cross-company steps of a claim ran as plain queries. They are now two security-definer
-- functions answering only those steps, and the policies hold a company to its own claims.
-- "Which of these domains has another company proven?": the one bit decision 054 already pays.
CREATE FUNCTION sso_domains_proven_elsewhere(domains text[], company integer) RETURNS SETOF text
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT domain FROM company_sso_domains
  WHERE domain = ANY (domains) AND company_id <> company AND verified_method IN ('dns', 'review')
$$;--> statement-breakpoint
-- Proving a domain withdraws the other companies' unproven claims of it, only for the company
-- the request is held to (any, for the server's own work and platform staff), and only for a
-- domain that company claims; the audit trigger records them as before.
CREATE FUNCTION sso_withdraw_unproven_claims(claimed text, company integer) RETURNS integer
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public AS $$
DECLARE
  withdrawn integer;
BEGIN
  IF spanwatch_company() IS NOT NULL AND spanwatch_company() <> company THEN
    RAISE EXCEPTION 'sso_withdraw_unproven_claims: company % may withdraw claims only for itself',
      spanwatch_company() USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF NOT EXISTS (SELECT 1 FROM company_sso_domains WHERE domain = claimed AND company_id = company) THEN
    RETURN 0;
  END IF;
  DELETE FROM company_sso_domains
  WHERE domain = claimed AND company_id <> company
    AND (verified_method IS NULL OR verified_method NOT IN ('dns', 'review'));
  GET DIAGNOSTICS withdrawn = ROW_COUNT;
  RETURN withdrawn;
END $$;--> statement-breakpoint
DROP POLICY tenant_read ON company_sso_domains;--> statement-breakpoint
DROP POLICY tenant_delete ON company_sso_domains;--> statement-breakpoint
CREATE POLICY tenant_read ON company_sso_domains FOR SELECT TO spanwatch_tenant
  USING (company_id = spanwatch_company());--> statement-breakpoint
CREATE POLICY tenant_delete ON company_sso_domains FOR DELETE TO spanwatch_tenant
  USING (company_id = spanwatch_company());
