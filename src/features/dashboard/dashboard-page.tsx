import { Link } from '@tanstack/react-router';
import { ScreenPlaceholder } from '../../ui/screen-placeholder';

export function DashboardPage() {
  return (
    <ScreenPlaceholder
      title="Bridge Health Dashboard"
      description="Each bridge's condition, anomalies, alerts and forecast will be shown here. Pick a bridge on the map to open it."
    >
      <p>
        <Link to="/map">Back to the map</Link>
      </p>
    </ScreenPlaceholder>
  );
}
