-- A fatigue detail is staff-set configuration of a strain gauge, so its changes are entries of
-- that sensor's history, like its calibrations (migration 0008's audit_row, issue 20).
CREATE TRIGGER audit_fatigue_details AFTER INSERT OR UPDATE OR DELETE ON fatigue_details FOR EACH ROW EXECUTE FUNCTION audit_row('sensor', 'sensor_id');
