import type { AlertsRepository } from './alerts-repository.ts';
import { CLAIM_LEASE_MS } from './claim-lease.ts';
import type { AlertActionRow, DeliveryLog, DeliveryRow } from './alert-deliveries.ts';
import type { AlertDto } from './alerts-repository.ts';
import type { MaintenanceCover } from './maintenance-cover.ts';

/** A claimed row to send now, with what its message says. */
export interface Told {
  delivery: DeliveryRow;
  alert: AlertDto;
  action?: AlertActionRow;
  /** For a notice that the alert went on to `delivery.escalatedTo`: who is asked there. */
  nowWith?: string[];
}

/**
 * What quiet hours held for one person on one channel until one end, sent as one message when
 * they end (decision 065 (g)): the notices still to tell, and how many alerts held with them were
 * answered meanwhile (acknowledged, cleared, their action done) and are left out.
 */
export interface HeldDigest {
  userId: number;
  channel: string;
  heldUntil: Date;
  told: Told[];
  leftOut: number;
}

export type Claimed = Told | { heldUntil: Date } | { digest: HeldDigest } | null;

/**
 * What every channel's sender does first: claims the row (so two senders never send it at
 * once), finds its alert, reads its recipient's address of now and cancels what they may no
 * longer hear (moved to another company, the channel turned off, no verified phone now), and
 * any notice of an alert acknowledged or cleared meanwhile (an overdue action's: see below).
 * A maintenance window covering the alert now (decision 055) holds the row until it ends
 * (`heldUntil`); a notice held by one whose alert was answered before it ended is not sent.
 * Null when there is nothing to send.
 */
export async function claimForSending(
  deliveries: DeliveryLog,
  alerts: Pick<AlertsRepository, 'findDtos'>,
  deliveryId: number,
  leaseMs: number = CLAIM_LEASE_MS,
): Promise<Claimed> {
  return (
    (await claimAllForSending(deliveries, alerts, [deliveryId], leaseMs)).get(deliveryId) ?? null
  );
}

/**
 * claimForSending of a worker's fetched batch, each row decided as alone, with the batch's
 * claims, alerts, recipients and maintenance windows read in one statement each: one claim's
 * five statements a row, over a pool of five connections, held a worker's batch of ten to its
 * slowest row (bench:notify, decision 065, 2026-12-02 (d)). A row missing from the map has
 * nothing to send (not claimable: sent, cancelled or held by another sender).
 */
export async function claimAllForSending(
  deliveries: DeliveryLog,
  alerts: Pick<AlertsRepository, 'findDtos'>,
  deliveryIds: readonly number[],
  leaseMs: number = CLAIM_LEASE_MS,
): Promise<Map<number, Claimed>> {
  const now = new Date();
  const rows = await deliveries.claimMany(deliveryIds, now, leaseMs);
  // A row not taken may be one quiet hours held: its person's and channel's go together. Only
  // then a query more (a batch taken whole, the usual case, runs as before).
  const taken = new Set(rows.map((row) => row.id));
  const groups =
    rows.length < deliveryIds.length
      ? await deliveries.claimHeld(
          deliveryIds.filter((id) => !taken.has(id)),
          now,
          leaseMs,
        )
      : [];
  const all = [...rows, ...groups.flat()];
  if (all.length === 0) return new Map();
  try {
    const claimed = await decideAll(deliveries, alerts, all);
    for (const group of groups) gather(claimed, group, deliveryIds);
    return claimed;
  } catch (error) {
    // Nothing of the batch is sent when its claim fails part way (a dropped connection): what it
    // took goes back at once for the retry, not after the lease (decision 065, 2026-12-03 (e)).
    // Should the database refuse that too, the lease gives the rows back.
    const claimedUntil = new Date(now.getTime() + leaseMs);
    await deliveries
      .release(
        all.map((row) => row.id),
        claimedUntil,
      )
      .catch(() => undefined);
    throw error;
  }
}

/**
 * Gathers a quiet hours' group into one message, answered for the first of its rows asked for
 * (its job sends it, and its retry sends it again): the group's other rows have nothing of their
 * own to send, but one a maintenance window now holds keeps its hold. No message when nothing of
 * the group is still to tell.
 */
function gather(
  claimed: Map<number, Claimed>,
  group: readonly DeliveryRow[],
  asked: readonly number[],
): void {
  const [first] = group;
  if (first === undefined || first.userId === null || first.holdUntil === null) return;
  const told: Told[] = [];
  const notTold = new Set<number>();
  for (const row of group) {
    const answer = claimed.get(row.id);
    if (answer && 'delivery' in answer) told.push(answer);
    else if (answer === null || answer === undefined) notTold.add(row.alertId);
    if (!answer || !('heldUntil' in answer)) claimed.set(row.id, null);
  }
  for (const { alert } of told) notTold.delete(alert.id);
  const leader = group.find((row) => asked.includes(row.id)) ?? first;
  if (told.length === 0) return;
  claimed.set(leader.id, {
    digest: {
      userId: first.userId,
      channel: first.channel,
      heldUntil: first.holdUntil,
      told,
      leftOut: notTold.size,
    },
  });
}

/** Each claimed row's answer, from its batch's alerts, recipients and windows read together. */
async function decideAll(
  deliveries: DeliveryLog,
  alerts: Pick<AlertsRepository, 'findDtos'>,
  rows: readonly DeliveryRow[],
): Promise<Map<number, Claimed>> {
  const claimed = new Map<number, Claimed>();
  const alertOf = new Map(
    (await alerts.findDtos([...new Set(rows.map((row) => row.alertId))])).map((alert) => [
      alert.id,
      alert,
    ]),
  );
  // Who each notice is for is read now: their company, their channel choice, their address.
  const recipients = await deliveries.recipientsNow(rows.filter((row) => alertOf.has(row.alertId)));
  const active = [...alertOf.values()].filter((alert) => alert.state === 'active');
  const covers = await deliveries.coversOf(
    active.map((alert) => alert.id),
    new Date(),
  );
  const later = await deliveries.laterHandovers(rows);
  // The rare statements of a row (cancelled, held, a handover's people) run side by side, as
  // the rows' claims did when each was claimed alone; all have ended before a failure of one is
  // answered, so none is still deciding a row the failure gives back.
  const decided = await Promise.allSettled(
    rows.map(async (delivery) => {
      const answer = await decide(deliveries, delivery, {
        alert: alertOf.get(delivery.alertId),
        recipient: recipients.get(delivery.id),
        cover: covers.get(delivery.alertId),
        laterTier: later.get(delivery.id),
      });
      claimed.set(delivery.id, answer);
    }),
  );
  const failure = decided.find((result) => result.status === 'rejected');
  if (failure) throw failure.reason;
  return claimed;
}

/**
 * What a sender claims with: a batch together (a queued worker's fetch), or one row, given its
 * batch's answer when it has one.
 */
export function claimsOf(
  deliveries: DeliveryLog,
  alerts: Pick<AlertsRepository, 'findDtos'>,
  leaseMs: number,
) {
  return {
    claimAll: (deliveryIds: readonly number[]) =>
      claimAllForSending(deliveries, alerts, deliveryIds, leaseMs),
    claimOne: async (deliveryId: number, claimedBefore: Claimed | undefined): Promise<Claimed> =>
      claimedBefore !== undefined
        ? claimedBefore
        : claimForSending(deliveries, alerts, deliveryId, leaseMs),
  };
}

/** One claimed row's answer from what its batch read (claimAllForSending). */
async function decide(
  deliveries: DeliveryLog,
  delivery: DeliveryRow,
  read: {
    alert: AlertDto | undefined;
    recipient: { address: string } | { notSent: string } | undefined;
    cover: MaintenanceCover | undefined;
    /** For a notice that the alert went on: a later one's tier, to the same person (if any). */
    laterTier?: number | undefined;
  },
): Promise<Claimed> {
  const { alert, cover } = read;
  const deliveryId = delivery.id;
  if (!alert) {
    await deliveries.failed(deliveryId, 'The alert no longer exists', true);
    return null;
  }
  const recipient = read.recipient ?? { notSent: 'Not sent: the recipient no longer exists' };
  if ('notSent' in recipient) {
    await deliveries.cancel(deliveryId, recipient.notSent);
    return null;
  }
  if (alert.state === 'active' && cover) {
    await deliveries.hold(deliveryId, cover.until, cover.note);
    return { heldUntil: cover.until };
  }
  if (delivery.actionId !== null) {
    return actionStillOverdue(deliveries, { ...delivery, recipient: recipient.address }, alert);
  }
  // An email or text asks someone to answer the alert: once it is acknowledged or cleared there
  // is nothing to ask, the raise's first notice included (decision 080, 2026-12-02 (c)); the
  // bell's line of the raise, never held, keeps the news. A notice maintenance held says so.
  if (alert.state !== 'active') {
    const why =
      delivery.suppressedBy !== null
        ? `${delivery.suppressedBy}; not sent: the alert was ${alert.state} before the works ended`
        : `Not sent: the alert was ${alert.state} first`;
    await deliveries.cancel(deliveryId, why);
    return null;
  }
  const told = { delivery: { ...delivery, recipient: recipient.address }, alert };
  if (delivery.escalatedTo === null) return told;
  // Quiet hours (or an outage) held "went to tier 2" while the alert went on to tier 3: the
  // later notice says where it is now, so this one would only repeat older news (080 (e)).
  if (read.laterTier !== undefined) {
    await deliveries.cancel(
      deliveryId,
      `Not sent: the alert has since gone on to tier ${read.laterTier}, and that notice says so`,
    );
    return null;
  }
  return { ...told, nowWith: await deliveries.askedAtTier(alert.id, delivery.escalatedTo) };
}

/**
 * An overdue action's notice goes while the action is still undone and its alert not cleared;
 * an acknowledged alert's still goes (decision 077): the acknowledgement is not the inspection.
 */
async function actionStillOverdue(
  deliveries: DeliveryLog,
  delivery: DeliveryRow,
  alert: AlertDto,
): Promise<Claimed> {
  const action =
    delivery.actionId === null ? undefined : await deliveries.actionOf(delivery.actionId);
  const why =
    action === undefined
      ? 'Not sent: the action no longer exists'
      : action.doneAt !== null
        ? 'Not sent: the action was done first'
        : alert.state === 'cleared'
          ? 'Not sent: the alert was cleared first'
          : null;
  if (why !== null || action === undefined) {
    await deliveries.cancel(delivery.id, why ?? 'Not sent');
    return null;
  }
  return { delivery, alert, action };
}
