import { Link } from '@tanstack/react-router';

/** The navigation entry of the Operations screen, for staff only (the caller decides). */
export function OperationsEntry({ className }: { className: string }) {
  return (
    <li>
      <Link to="/operations" className={className}>
        Operations
      </Link>
    </li>
  );
}
