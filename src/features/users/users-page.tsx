import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Suspense, lazy, useState } from 'react';
import { useApi } from '../../api/api-context';
import { type User, listUsersQueryOptions } from '../../api/queries/users';
import { Button } from '../../ui/button';
import { button as buttonStyles } from '../../ui/button.css';
import { type DataTableColumn, DataTable } from '../../ui/data-table/data-table';
import { HistoryLink } from '../../ui/history-link';
import { container } from '../../ui/layout.css';
import { DeleteUserDialog } from './delete-user-dialog';
import type { CompanyDialogKind } from './company-dialog';
import { useFailureNotice } from '../../ui/use-failure-notice';
import { AssignBridgesModal, AssignDatastreamsModal } from './user-assignments';
import { UserFormModal } from './user-form-modal';
import { USER_TOASTS } from './user-messages';
import * as styles from '../../ui/management-page.css';

// Its own chunk, fetched when opened: the users page's chunk and the entry's list of what that
// chunk needs stay as they were (tests/build/landing-bundle.test.ts).
const CompanyDialog = lazy(() =>
  import('./company-dialog').then((module) => ({ default: module.CompanyDialog })),
);

/** The company screens, each a dialog of the lazily loaded company chunk (company-dialog.tsx). */
const COMPANY_SCREENS: [CompanyDialogKind, string][] = [
  ['sso', 'Single sign-on'],
  ['rotas', 'On-call rotas'],
  ['contacts', 'Contact groups'],
  ['limits', 'Company limits'],
  ['settings', 'Company profile'],
];
const isCompanyScreen = (kind: string): kind is CompanyDialogKind =>
  COMPANY_SCREENS.some(([screen]) => screen === kind);

type Dialog =
  | { kind: 'add' | CompanyDialogKind }
  | { kind: 'edit' | 'delete' | 'bridges' | 'streams'; user: User }
  | null;

const COLUMNS: DataTableColumn<User>[] = [
  { id: 'username', header: 'Username', value: (u) => u.username },
  { id: 'email', header: 'Email', value: (u) => u.email },
  { id: 'company', header: 'Company', value: (u) => u.company },
];

/**
 * Who is looking: platform staff (every company) or a company administrator, whose list the
 * server limits to its company and who has no audit log to open (decision 040).
 */
export interface UsersViewer {
  isStaff: boolean;
  /** The company a company administrator manages, named under the heading. */
  company?: string;
  /** The viewer's own company: the one whose single sign-on opens first (decision 054). */
  companyId?: number;
}

const STAFF: UsersViewer = { isStaff: true };

/** Spec §2, User Management: staff and company administrators (the route redirects others). */
export function UsersPage({ viewer = STAFF }: { viewer?: UsersViewer }) {
  const api = useApi();
  const users = useSuspenseQuery(listUsersQueryOptions(api));
  // A later refresh that fails keeps the rows it had and says so.
  const failedAt = users.isError ? users.errorUpdatedAt : null;
  return <UsersScreen users={users.data} failedAt={failedAt} viewer={viewer} />;
}

/** Spec §8: the route's loader could not fetch the list; the screen says so and stays usable. */
export function UsersFailed({ viewer = STAFF }: { viewer?: UsersViewer }) {
  const api = useApi();
  const state = useQueryClient().getQueryState(listUsersQueryOptions(api).queryKey);
  return <UsersScreen users={[]} failedAt={state?.errorUpdatedAt ?? 0} viewer={viewer} />;
}

function UsersScreen({
  users,
  failedAt,
  viewer,
}: {
  users: User[];
  failedAt: number | null;
  viewer: UsersViewer;
}) {
  const failed = failedAt !== null;
  useFailureNotice(failed ? USER_TOASTS.fetchUsersFailed : null, {
    as: 'toast',
    occurrence: failedAt ?? undefined,
  });
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  // The company screens (single sign-on, rotas) open on the viewer's own company.
  const companyViewer =
    viewer.companyId === undefined
      ? undefined
      : { ...viewer, companyId: viewer.companyId, company: viewer.company ?? '' };

  const actions = (user: User) => (
    <div className={styles.rowActions}>
      {(
        [
          ['edit', 'Edit'],
          ['delete', 'Delete'],
          ['bridges', 'Assign bridges'],
          ['streams', 'Assign data streams'],
        ] as const
      ).map(([kind, text]) => (
        <button
          key={kind}
          type="button"
          className={styles.actionButton}
          aria-label={`${text} ${user.username}`}
          onClick={() => setDialog({ kind, user })}
        >
          {text}
        </button>
      ))}
      {viewer.isStaff && <HistoryLink objectType="user" objectId={user.id} name={user.username} />}
    </div>
  );

  return (
    <div className={`${container} ${styles.page}`}>
      <header className={styles.header}>
        <h1 className={styles.title}>User Management</h1>
        {!viewer.isStaff && viewer.company && (
          <p className={styles.scope}>Company: {viewer.company}</p>
        )}
        <div className={styles.rowActions}>
          {viewer.companyId !== undefined &&
            COMPANY_SCREENS.map(([kind, label]) => (
              <Button
                key={kind}
                variant="secondary"
                aria-haspopup="dialog"
                onClick={() => setDialog({ kind })}
              >
                {label}
              </Button>
            ))}
          <Link to="/map" className={buttonStyles.secondary}>
            DASHBOARD
          </Link>
        </div>
      </header>
      <DataTable
        label="Users"
        columns={COLUMNS}
        rows={users}
        rowKey={(u) => u.id}
        emptyMessage={failed ? USER_TOASTS.fetchUsersFailed : 'No users yet.'}
        actions={actions}
        toolbar={<Button onClick={() => setDialog({ kind: 'add' })}>Add User</Button>}
      />
      {dialog?.kind === 'add' && <UserFormModal onClose={close} />}
      {dialog?.kind === 'edit' && <UserFormModal user={dialog.user} onClose={close} />}
      {dialog?.kind === 'delete' && <DeleteUserDialog user={dialog.user} onClose={close} />}
      {dialog?.kind === 'bridges' && <AssignBridgesModal user={dialog.user} onClose={close} />}
      {dialog?.kind === 'streams' && <AssignDatastreamsModal user={dialog.user} onClose={close} />}
      {dialog && isCompanyScreen(dialog.kind) && companyViewer && (
        <Suspense fallback={null}>
          <CompanyDialog kind={dialog.kind} viewer={companyViewer} onClose={close} />
        </Suspense>
      )}
    </div>
  );
}
