import { Outlet, createFileRoute } from '@tanstack/react-router';
import { PublicLayout } from '../features/marketing/public-layout';

// Pathless layout: the marketing pages share the public header and footer (spec §2).
export const Route = createFileRoute('/_public')({
  component: PublicPages,
});

function PublicPages() {
  return (
    <PublicLayout>
      <Outlet />
    </PublicLayout>
  );
}
