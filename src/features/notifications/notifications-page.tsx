import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useApi } from '../../api/api-context';
import { listBridgesQueryOptions } from '../../api/queries/bridges';
import { listRotasQueryOptions } from '../../api/queries/rotas';
import { listUsersQueryOptions } from '../../api/queries/users';
import { button as buttonStyles } from '../../ui/button.css';
import { type CompanyViewer, CompanyScope } from '../../ui/company/company-chooser';
import {
  ContactGroupsDialog,
  type ContactGroupsView,
} from '../../ui/company/contact-groups-dialog';
import { RotasDialog, type RotasView } from '../../ui/company/rotas-dialog';
import { container } from '../../ui/layout.css';
import * as frame from '../../ui/management-page.css';
import { DeliveryLog } from './delivery-log';
import { EscalationSection } from './escalation-section';
import { ResponsePlansSection } from './response-plans-section';
import { OnCallNow } from './on-call-now';
import { RotasSection } from './rotas-section';
import { RoutingSections } from './routing-sections';
import * as styles from './notifications-screen.css';

type Open = { dialog: 'contacts'; view: ContactGroupsView } | { dialog: 'rotas'; view: RotasView };

/**
 * The Notifications screen (issue 32, decision 066): who is on call now, the contact groups and
 * rules, the escalation tiers and reminders (decision 069), each bridge's response plan
 * (decision 077), the rotas with a calendar, and the
 * delivery log, of one company. Staff choose the
 * company; a company administrator sees its own. The editors are User Management's dialogs.
 */
export function NotificationsPage({ viewer }: { viewer: CompanyViewer }) {
  const api = useApi();
  const [companyId, setCompanyId] = useState(viewer.companyId);
  const [open, setOpen] = useState<Open | null>(null);
  const [now] = useState(() => Date.now());
  const rotas = useQuery(listRotasQueryOptions(api, companyId));
  const users = useQuery(listUsersQueryOptions(api));
  const bridges = useQuery(listBridgesQueryOptions(api));
  const people = new Map(
    (users.data ?? []).filter((u) => u.company_id === companyId).map((u) => [u.id, u.username]),
  );
  const ownBridges = (bridges.data ?? []).filter((b) => b.company_id === companyId);
  const dialogViewer = { ...viewer, companyId };
  const close = () => setOpen(null);

  return (
    <div className={`${container} ${frame.page}`}>
      <header className={frame.header}>
        <h1 className={frame.title}>Notifications</h1>
        <Link to="/map" className={buttonStyles.secondary}>
          DASHBOARD
        </Link>
      </header>
      <div className={styles.filters}>
        <CompanyScope
          companyId={companyId}
          viewer={viewer}
          onChoose={(id) => {
            setCompanyId(id);
            setOpen(null);
          }}
          className={frame.scope}
        />
      </div>
      <OnCallNow companyId={companyId} rotas={rotas.data} />
      <RoutingSections
        companyId={companyId}
        people={people}
        bridges={ownBridges}
        onOpen={(view) => setOpen({ dialog: 'contacts', view })}
      />
      <EscalationSection key={`escalation-${companyId}`} companyId={companyId} />
      <ResponsePlansSection key={`plans-${companyId}`} companyId={companyId} bridges={ownBridges} />
      <RotasSection
        rotas={rotas}
        people={people}
        now={now}
        onOpen={(view) => setOpen({ dialog: 'rotas', view })}
      />
      <DeliveryLog key={companyId} companyId={companyId} bridges={ownBridges} />
      {open?.dialog === 'contacts' && (
        <ContactGroupsDialog viewer={dialogViewer} initial={open.view} onClose={close} />
      )}
      {open?.dialog === 'rotas' && (
        <RotasDialog viewer={dialogViewer} initial={open.view} onClose={close} />
      )}
    </div>
  );
}
