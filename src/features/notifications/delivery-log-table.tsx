import { formatInstant, formatUtc } from '../../../domain/formats';
import type { CompanyDelivery } from '../../api/queries/company-deliveries';
import * as table from '../../ui/data-table/data-table.css';
import { PageTable } from '../../ui/data-table/page-table';

const HEADERS = ['Sent', 'Bridge', 'Alert', 'Recipient', 'Channel', 'Tier', 'Answer', 'Failure'];
const CHANNELS: Record<string, string> = { email: 'Email', sms: 'SMS' };
const UNSENT: Record<string, string> = {
  pending: 'Not yet sent',
  failed: 'Not sent',
  cancelled: 'Not sent (acknowledged first)',
};

/**
 * 'Tier 2', 'Tier 1, reminder 3', 'Tier 2, overdue action' (decision 077), 'Tier 1, told of
 * tier 2' (decision 080 (d)).
 */
const tierText = (d: CompanyDelivery) => {
  if (d.action !== null && d.action !== undefined) return `Tier ${d.tier}, overdue action`;
  if (d.escalated_to !== null && d.escalated_to !== undefined) {
    return `Tier ${d.tier}, told of tier ${d.escalated_to}`;
  }
  return d.reminder === 0 ? `Tier ${d.tier}` : `Tier ${d.tier}, reminder ${d.reminder}`;
};

/** One server page of the company's delivery log, a card per row on a phone (decision 038). */
export function DeliveryLogTable(props: {
  deliveries: CompanyDelivery[];
  /** The company's zone, named beside each time; undefined: the reader's own, unnamed. */
  timeZone: string | undefined;
  loading: boolean;
  empty: string;
}) {
  const cell = (label: string, text: string, title?: string) => (
    <td className={table.cell} data-label={label} title={title}>
      {text}
    </td>
  );
  const rows = props.deliveries.map((d) => (
    <tr key={d.id}>
      {d.sent_at
        ? cell('Sent', formatInstant(d.sent_at, props.timeZone), formatUtc(d.sent_at))
        : cell('Sent', UNSENT[d.state] ?? d.state)}
      {cell('Bridge', d.bridge_name)}
      {cell('Alert', `${d.severity} ${d.alert_type}`)}
      {cell('Recipient', d.recipient?.username ?? d.address ?? 'A removed user')}
      {cell('Channel', CHANNELS[d.channel] ?? d.channel)}
      {cell('Tier', tierText(d))}
      {cell('Answer', d.provider_answer ?? '—')}
      {cell('Failure', d.last_error ?? d.suppressed_by ?? '—')}
    </tr>
  ));
  return (
    <PageTable
      label="Delivery log"
      headers={HEADERS}
      loading={props.loading}
      empty={props.empty}
      rows={rows}
    />
  );
}
