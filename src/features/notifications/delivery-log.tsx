import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../../api/api-context';
import type { Bridge } from '../../api/queries/bridges';
import {
  type DeliveryQuery,
  companyDeliveriesQueryOptions,
} from '../../api/queries/company-deliveries';
import { companySettingsQueryOptions } from '../../api/queries/company-settings';
import { usableTimeZone } from '../../../domain/formats';
import { browserTimeZone } from '../../ui/time-zones';
import { Button } from '../../ui/button';
import { SelectField } from '../../ui/select-field';
import { useFailureNotice } from '../../ui/use-failure-notice';
import { DeliveryLogTable } from './delivery-log-table';
import * as styles from './notifications-screen.css';
import { ScreenSection } from './screen-section';

/** A page of the log: enough for a night's escalations, few enough for a phone to scroll. */
export const DELIVERY_PAGE = 25;

type Channel = DeliveryQuery['channel'];
const CHANNEL_OPTIONS = [
  { value: 'email', label: 'Email' },
  { value: 'sms', label: 'SMS' },
];

/**
 * Every email and text sent for the company's alerts, newest first, a page at a time and
 * narrowed by bridge or channel (issue 32: delivery you can audit).
 */
export function DeliveryLog({ companyId, bridges }: { companyId: number; bridges: Bridge[] }) {
  const [bridge, setBridge] = useState<number | undefined>();
  const [channel, setChannel] = useState<Channel>();
  const [offset, setOffset] = useState(0);
  const query: DeliveryQuery = { bridge, channel, limit: DELIVERY_PAGE, offset };
  const api = useApi();
  const page = useQuery(companyDeliveriesQueryOptions(api, companyId, query));
  // One company's log: its times on the company's clock, as its bridges' dashboards write them
  // (decision 064); the reader's own zone while the settings load or when the company set none.
  const settings = useQuery(companySettingsQueryOptions(api, companyId));
  const timeZone = usableTimeZone(settings.data?.time_zone);
  const failure = useFailureNotice(page.error?.message, { as: 'banner' });
  const items = page.data?.items ?? [];
  const filtered = bridge !== undefined || channel !== undefined;
  return (
    <ScreenSection id="delivery-log" title="Delivery log">
      <p className={styles.note}>
        Every email and text sent for the company&apos;s alerts, newest first.{' '}
        {timeZone === undefined
          ? `Times in your time zone (${browserTimeZone()}).`
          : `Times in ${timeZone}, the company's time zone.`}
      </p>
      <div className={styles.filters}>
        <SelectField
          label="Bridge"
          value={bridge === undefined ? '' : String(bridge)}
          placeholder="All bridges"
          options={bridges.map((b) => ({ value: String(b.id), label: b.name }))}
          onChange={(event) => {
            setBridge(event.target.value ? Number(event.target.value) : undefined);
            setOffset(0);
          }}
        />
        <SelectField
          label="Channel"
          value={channel ?? ''}
          placeholder="All channels"
          options={CHANNEL_OPTIONS}
          onChange={(event) => {
            setChannel((event.target.value || undefined) as Channel);
            setOffset(0);
          }}
        />
      </div>
      {failure}
      {!page.isError && (
        <DeliveryLogTable
          deliveries={items}
          timeZone={timeZone}
          loading={page.isPending}
          empty={
            filtered
              ? 'No notifications match these filters.'
              : 'No notifications sent yet: none of the company’s alerts has been emailed or texted.'
          }
        />
      )}
      {page.data && (offset > 0 || page.data.next_offset !== null) && (
        <nav aria-label="Delivery log pages" className={styles.pager}>
          <Button
            variant="secondary"
            disabled={offset === 0}
            onClick={() => setOffset(Math.max(0, offset - DELIVERY_PAGE))}
          >
            Newer
          </Button>
          <span aria-live="polite">
            Entries {offset + 1}–{offset + items.length}
          </span>
          <Button
            variant="secondary"
            disabled={page.data.next_offset === null}
            onClick={() => setOffset(page.data.next_offset ?? offset)}
          >
            Older
          </Button>
        </nav>
      )}
    </ScreenSection>
  );
}
