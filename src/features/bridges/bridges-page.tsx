import { Link } from '@tanstack/react-router';
import { ScreenPlaceholder } from '../../ui/screen-placeholder';

export function BridgesPage() {
  return (
    <ScreenPlaceholder
      title="Bridge Management"
      description="Bridges, their spans, sensors and data streams will be listed and managed here."
    >
      <p>
        <Link to="/map">Back to the map</Link>
      </p>
    </ScreenPlaceholder>
  );
}
