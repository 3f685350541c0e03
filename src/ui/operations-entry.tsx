import { Link } from '@tanstack/react-router';

/** An entry of a screen only some roles reach (the caller decides whom it shows to). */
function RoleEntry(props: {
  to: '/operations' | '/notifications';
  label: string;
  className: string;
}) {
  return (
    <li>
      <Link to={props.to} className={props.className}>
        {props.label}
      </Link>
    </li>
  );
}

/** The navigation entry of the Operations screen, for staff only. */
export const OperationsEntry = ({ className }: { className: string }) => (
  <RoleEntry to="/operations" label="Operations" className={className} />
);

/** The Notifications screen's entry, for staff and company administrators (decision 066). */
export const NotificationsEntry = ({ className }: { className: string }) => (
  <RoleEntry to="/notifications" label="Notifications" className={className} />
);
