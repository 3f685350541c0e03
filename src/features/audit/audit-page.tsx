import { useMutation, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useApi } from '../../api/api-context';
import { exportAuditCsv, listAuditEntriesQueryOptions } from '../../api/queries/audit';
import { listUsersQueryOptions } from '../../api/queries/users';
import { Button } from '../../ui/button';
import { button as buttonStyles } from '../../ui/button.css';
import * as table from '../../ui/data-table/data-table.css';
import { PAGE_SIZES, Pager } from '../../ui/data-table/pager';
import { container } from '../../ui/layout.css';
import * as frame from '../../ui/management-page.css';
import { ReaderTimesCaption } from '../../ui/reader-times-caption';
import { saveBlob } from '../../ui/save-blob';
import { useToast } from '../../ui/toast';
import { AuditFilters } from './audit-filters';
import { type AuditSearch, auditQueryOf } from './audit-search';
import { AuditTable } from './audit-table';
import { useFailureNotice } from '../../ui/use-failure-notice';

export interface AuditPageProps {
  search: AuditSearch;
  onSearch: (search: AuditSearch) => void;
}

/** Staff read who changed what (issue 20); the route keeps the filters in the URL. */
export function AuditPage({ search, onSearch }: AuditPageProps) {
  const api = useApi();
  const { show } = useToast();
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES[1]);
  const page = search.page ?? 1;
  const query = auditQueryOf(search);
  // The entries follow the filters and the page while the screen stays, so they keep their own
  // loading row and message; the filters' user list is the route loader's.
  const entries = useQuery(listAuditEntriesQueryOptions(api, query, page, pageSize));
  const users = useSuspenseQuery(listUsersQueryOptions(api));
  const entriesFailure = useFailureNotice(entries.error?.message, { as: 'banner' });
  const download = useMutation({
    mutationFn: () => exportAuditCsv(api, query),
    onSuccess: (blob) => saveBlob('audit-log.csv', blob),
    onError: (error) => show({ tone: 'error', message: error.message, durationMs: 3000 }),
  });

  const total = entries.data?.total ?? 0;
  const shown = entries.data?.items.length ?? 0;
  const first = shown ? (page - 1) * pageSize + 1 : 0;

  return (
    <div className={`${container} ${frame.page}`}>
      <header className={frame.header}>
        <h1 className={frame.title}>Audit log</h1>
        <Link to="/map" className={buttonStyles.secondary}>
          DASHBOARD
        </Link>
        <ReaderTimesCaption className={frame.scope} />
      </header>
      <AuditFilters
        search={search}
        users={users.data}
        onApply={(next) => onSearch({ ...next, page: undefined })}
      />
      <div className={table.wrapper}>
        <div className={table.toolbar}>
          <div className={table.toolbarActions}>
            <Button
              variant="secondary"
              onClick={() => download.mutate()}
              disabled={download.isPending}
            >
              Export CSV
            </Button>
          </div>
        </div>
        {entriesFailure}
        <AuditTable entries={entries.data?.items ?? []} loading={entries.isPending} />
        {entries.data && (
          <Pager
            label="Audit log"
            page={page}
            pageCount={Math.max(1, Math.ceil(total / pageSize))}
            first={first}
            last={first ? first + shown - 1 : 0}
            total={total}
            pageSize={pageSize}
            onPage={(next) => onSearch({ ...search, page: next })}
            onPageSize={(size) => {
              setPageSize(size);
              onSearch({ ...search, page: undefined });
            }}
          />
        )}
      </div>
    </div>
  );
}
