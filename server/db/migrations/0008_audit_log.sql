CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" integer,
	"actor_name" text NOT NULL,
	"operation" text,
	"action" text NOT NULL,
	"object_type" text NOT NULL,
	"object_id" text NOT NULL,
	"record" text NOT NULL,
	"changes" jsonb NOT NULL,
	CONSTRAINT "audit_log_action_check" CHECK ("audit_log"."action" in ('create', 'update', 'delete'))
);
--> statement-breakpoint
CREATE INDEX "audit_log_object_idx" ON "audit_log" USING btree ("object_type","object_id","id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","id");--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
-- Writes one audit entry per changed row while an API request has named its actor
-- (server/audit/audited-transaction.ts); the ingest, the alert monitor and the seed name none.
-- Arguments: object type, the column naming the object, secret columns (comma separated).
CREATE FUNCTION audit_row() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  actor text := nullif(current_setting('spanwatch.audit_actor', true), '');
  old_row jsonb := CASE WHEN TG_OP <> 'INSERT' THEN to_jsonb(OLD) END;
  new_row jsonb := CASE WHEN TG_OP <> 'DELETE' THEN to_jsonb(NEW) END;
  secrets text[] := string_to_array(coalesce(TG_ARGV[2], ''), ',');
  changes jsonb := '{}'::jsonb;
  field text;
BEGIN
  IF actor IS NULL THEN
    RETURN NULL;
  END IF;
  FOR field IN SELECT jsonb_object_keys(coalesce(new_row, old_row)) LOOP
    IF coalesce(old_row -> field, 'null'::jsonb) IS DISTINCT FROM coalesce(new_row -> field, 'null'::jsonb) THEN
      IF field = ANY (secrets) THEN
        changes := changes || jsonb_build_object(field, 'changed');
      ELSE
        changes := changes || jsonb_build_object(
          field, jsonb_build_object('before', old_row -> field, 'after', new_row -> field));
      END IF;
    END IF;
  END LOOP;
  IF TG_OP = 'UPDATE' AND changes = '{}'::jsonb THEN
    RETURN NULL;
  END IF;
  INSERT INTO audit_log (actor_id, actor_name, operation, action, object_type, object_id, record, changes)
  VALUES (
    nullif(current_setting('spanwatch.audit_actor_id', true), '')::integer,
    actor,
    nullif(current_setting('spanwatch.audit_operation', true), ''),
    CASE TG_OP WHEN 'INSERT' THEN 'create' WHEN 'UPDATE' THEN 'update' ELSE 'delete' END,
    TG_ARGV[0],
    coalesce(new_row, old_row) ->> TG_ARGV[1],
    TG_TABLE_NAME,
    changes);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
--> statement-breakpoint
CREATE TRIGGER audit_users AFTER INSERT OR UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION audit_row('user', 'id', 'password_hash,company_password_sealed');
--> statement-breakpoint
CREATE TRIGGER audit_user_bridges AFTER INSERT OR UPDATE OR DELETE ON user_bridges FOR EACH ROW EXECUTE FUNCTION audit_row('user', 'user_id');
--> statement-breakpoint
CREATE TRIGGER audit_user_datastreams AFTER INSERT OR UPDATE OR DELETE ON user_datastreams FOR EACH ROW EXECUTE FUNCTION audit_row('user', 'user_id');
--> statement-breakpoint
CREATE TRIGGER audit_bridges AFTER INSERT OR UPDATE OR DELETE ON bridges FOR EACH ROW EXECUTE FUNCTION audit_row('bridge', 'id');
--> statement-breakpoint
CREATE TRIGGER audit_spans AFTER INSERT OR UPDATE OR DELETE ON spans FOR EACH ROW EXECUTE FUNCTION audit_row('span', 'id');
--> statement-breakpoint
CREATE TRIGGER audit_sensors AFTER INSERT OR UPDATE OR DELETE ON sensors FOR EACH ROW EXECUTE FUNCTION audit_row('sensor', 'id');
--> statement-breakpoint
CREATE TRIGGER audit_datastreams AFTER INSERT OR UPDATE OR DELETE ON datastreams FOR EACH ROW EXECUTE FUNCTION audit_row('datastream', 'id');
--> statement-breakpoint
CREATE TRIGGER audit_datastream_sensors AFTER INSERT OR UPDATE OR DELETE ON datastream_sensors FOR EACH ROW EXECUTE FUNCTION audit_row('datastream', 'datastream_id');
--> statement-breakpoint
CREATE TRIGGER audit_ingest_tokens AFTER INSERT OR UPDATE OR DELETE ON ingest_tokens FOR EACH ROW EXECUTE FUNCTION audit_row('ingest_token', 'id', 'token_hash');
--> statement-breakpoint
CREATE TRIGGER audit_alerts AFTER INSERT OR UPDATE OR DELETE ON alerts FOR EACH ROW EXECUTE FUNCTION audit_row('alert', 'id');
--> statement-breakpoint
CREATE TRIGGER audit_contact_messages AFTER INSERT OR UPDATE OR DELETE ON contact_messages FOR EACH ROW EXECUTE FUNCTION audit_row('contact_message', 'id');
