/**
 * Turns MQTT messages on `spanwatch/<bridge id>/<stream_id>` into ingest items. The payload is
 * the block JSON of the HTTP form (or an array of them); the topic names the bridge, and the
 * stream when the payload leaves stream_id out.
 */
import { MAX_ITEMS_PER_BATCH } from '../readings/block-limits.ts';
import { sliceClock } from './event-loop-turns.ts';

export interface TopicItem {
  item: unknown;
  bridgeId: number;
  message: number;
}

export interface Unreadable {
  message: number;
  reason: string;
  /** The faulty item of a message of several; the whole message otherwise. */
  payload?: string;
}

/**
 * Bytes of one message's payload. The broker refuses larger packets first (max_packet_size
 * in mqtt/mosquitto.conf, a little above this); this guards a broker configured without it.
 */
export const MAX_MESSAGE_BYTES = 4 * 1024 * 1024;

export const TOPIC_FILTER = 'spanwatch/+/+';

export function parseTopic(topic: string): { bridgeId: number; streamId: string } | null {
  const [root, bridge, streamId, ...rest] = topic.split('/');
  const bridgeId = Number(bridge);
  if (root !== 'spanwatch' || rest.length > 0 || !streamId) return null;
  if (!Number.isInteger(bridgeId) || bridgeId < 1) return null;
  return { bridgeId, streamId };
}

/** A message's own text, or the item's when one item of an array is at fault. */
const itemText = (raw: unknown) => JSON.stringify(raw) ?? String(raw);

/**
 * The items of `messages`, reading one message after another and letting the event loop run
 * between them (event-loop-turns.ts). A message of more than MAX_ITEMS_PER_BATCH items, or of
 * more than MAX_MESSAGE_BYTES, is unreadable whole: its items are not looked at one by one.
 */
export async function itemsOfMessages(
  messages: { topic: string; payload: string; bytes?: number }[],
): Promise<{ items: TopicItem[]; unreadable: Unreadable[] }> {
  const items: TopicItem[] = [];
  const unreadable: Unreadable[] = [];
  const clock = sliceClock();
  for (const [message, { topic, payload, bytes }] of messages.entries()) {
    await clock.pause();
    const target = parseTopic(topic);
    if (!target) {
      unreadable.push({
        message,
        reason: 'invalid_topic: expected spanwatch/<bridge id>/<stream_id>',
      });
      continue;
    }
    if ((bytes ?? payload.length) > MAX_MESSAGE_BYTES) {
      unreadable.push({
        message,
        reason: `message_too_large: ${bytes ?? payload.length} bytes; at most ${MAX_MESSAGE_BYTES} per message`,
      });
      continue;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(payload);
    } catch {
      unreadable.push({ message, reason: 'invalid_item: the payload is not valid JSON' });
      continue;
    }
    const raws = Array.isArray(parsed) ? (parsed as unknown[]) : [parsed];
    if (raws.length > MAX_ITEMS_PER_BATCH) {
      unreadable.push({
        message,
        reason: `too_many_items: the message holds ${raws.length} items; at most ${MAX_ITEMS_PER_BATCH} per message`,
      });
      continue;
    }
    for (const raw of raws) {
      const payloadOfItem = raws.length > 1 ? itemText(raw) : undefined;
      if (typeof raw !== 'object' || raw === null) {
        unreadable.push({
          message,
          reason: 'invalid_item: each block must be a JSON object',
          payload: payloadOfItem,
        });
        continue;
      }
      const given = (raw as { stream_id?: unknown }).stream_id;
      if (given !== undefined && given !== target.streamId) {
        unreadable.push({
          message,
          reason: 'invalid_item: stream_id differs from the topic',
          payload: payloadOfItem,
        });
        continue;
      }
      items.push({
        item: { ...raw, stream_id: target.streamId },
        bridgeId: target.bridgeId,
        message,
      });
    }
  }
  return { items, unreadable };
}
