import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useApi } from '../../api/api-context';
import { listBridgesQueryOptions } from '../../api/queries/bridges';
import { button as buttonStyles } from '../../ui/button.css';
import { container } from '../../ui/layout.css';
import * as pageStyles from '../../ui/management-page.css';
import { ReaderTimesCaption } from '../../ui/reader-times-caption';
import { AnalysisStatusPanel } from './analysis-status-panel';
import { ContactMessagesPanel } from './contact-messages-panel';
import { IngestTokensPanel } from './ingest-tokens-panel';

/** Staff only (the route redirects everyone else): ingest tokens, contact messages, analyses. */
export function OperationsPage() {
  const api = useApi();
  // The route's loader has fetched it; loading and failure are the route's.
  const { data: bridges } = useSuspenseQuery(listBridgesQueryOptions(api));

  return (
    <div className={`${container} ${pageStyles.page}`}>
      <header className={pageStyles.header}>
        <h1 className={pageStyles.title}>Operations</h1>
        <Link to="/map" className={buttonStyles.secondary}>
          DASHBOARD
        </Link>
        <ReaderTimesCaption className={pageStyles.scope} />
      </header>
      <AnalysisStatusPanel bridges={bridges} />
      <IngestTokensPanel bridges={bridges} />
      <ContactMessagesPanel />
    </div>
  );
}
