import { Link } from '@tanstack/react-router';
import { ScreenPlaceholder } from '../../ui/screen-placeholder';

export function MapPage({ isStaff }: { isStaff: boolean }) {
  return (
    <ScreenPlaceholder
      title="Bridge Locations"
      description="The map of your bridges will appear here, with a marker for each one and its health at a glance."
    >
      <nav aria-label="Screens">
        <ul>
          <li>
            <Link to="/dashboard">Health dashboard</Link>
          </li>
          <li>
            <Link to="/bridges">Bridges</Link>
          </li>
          {isStaff && (
            <li>
              <Link to="/users">Users</Link>
            </li>
          )}
        </ul>
      </nav>
    </ScreenPlaceholder>
  );
}
