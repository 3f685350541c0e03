import { Link } from '@tanstack/react-router';

/** Issue 17: what a bridge without any readings says instead of a generic 'Not assessed yet'. */
export const NO_SENSOR_DATA = 'No sensor data yet: add a data stream and send readings';

/**
 * The empty state of a bridge that has never received a reading, with a link to how: staff to
 * the Operations screen (ingest tokens with example commands), everyone else to the bridge's
 * data streams.
 */
export function NoSensorData({ isStaff }: { isStaff: boolean }) {
  return (
    <p role="status">
      {NO_SENSOR_DATA}{' '}
      {isStaff ? (
        <Link to="/operations">(how: make an ingest token)</Link>
      ) : (
        <Link to="/bridges">(see the data streams)</Link>
      )}
    </p>
  );
}
