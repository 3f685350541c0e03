import { Link } from '@tanstack/react-router';
import { ScreenPlaceholder } from '../../ui/screen-placeholder';

export function UsersPage() {
  return (
    <ScreenPlaceholder
      title="User Management"
      description="Staff will add, edit and remove accounts here, and assign bridges and data streams to them."
    >
      <p>
        <Link to="/map">Back to the map</Link>
      </p>
    </ScreenPlaceholder>
  );
}
