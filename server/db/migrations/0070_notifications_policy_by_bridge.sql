-- The unread notifications' policy made cheap (issue 33, decision 072 amended 2026-12-02 (d)).
-- 0066's policy compared each row's alert with every visible alert's id (`alert_id = ANY
-- (spanwatch_visible_alerts())`): an array of all the company's alerts built by a scan of alerts
-- on every query, then searched row by row; 200 unread rows cost 0.94 ms against 0.06 with no
-- policy. A notification is visible when its alert is, and an alert when its bridge is, so the
-- row now carries its alert's bridge and the policy compares that with the few visible bridges:
-- the same rows refused, no alerts read.
--
-- The code never writes bridge_id: a trigger copies it from the alert on every insert (and if
-- alert_id ever changes), reading as the owner so a tenant's insert gets the alert's real bridge
-- and the policy's check then decides; the CHECK holds it set (checked after the trigger).
-- An alert's bridge never changes (no code updates it), so the copy cannot go stale.
ALTER TABLE "notifications" ADD COLUMN "bridge_id" integer;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_bridge_id_bridges_id_fk" FOREIGN KEY ("bridge_id") REFERENCES "public"."bridges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
UPDATE notifications n SET bridge_id = a.bridge_id FROM alerts a WHERE a.id = n.alert_id;--> statement-breakpoint
CREATE FUNCTION spanwatch_notification_bridge() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  NEW.bridge_id := (SELECT bridge_id FROM alerts WHERE id = NEW.alert_id);
  RETURN NEW;
END $$;--> statement-breakpoint
REVOKE EXECUTE ON FUNCTION spanwatch_notification_bridge() FROM PUBLIC;--> statement-breakpoint
CREATE TRIGGER notifications_bridge BEFORE INSERT OR UPDATE OF alert_id, bridge_id ON notifications
  FOR EACH ROW EXECUTE FUNCTION spanwatch_notification_bridge();--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_bridge_set" CHECK ("notifications"."bridge_id" IS NOT NULL);--> statement-breakpoint
ALTER POLICY tenant_rows ON notifications
  USING (bridge_id = ANY ((SELECT spanwatch_visible_bridges())::integer[]));
