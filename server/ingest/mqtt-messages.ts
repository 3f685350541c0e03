/**
 * Turns MQTT messages on `spanwatch/<bridge id>/<stream_id>` into ingest items. The payload is
 * the block JSON of the HTTP form (or an array of them); the topic names the bridge, and the
 * stream when the payload leaves stream_id out.
 */

export interface TopicItem {
  item: unknown;
  bridgeId: number;
  message: number;
}

export interface Unreadable {
  message: number;
  reason: string;
}

export const TOPIC_FILTER = 'spanwatch/+/+';

export function parseTopic(topic: string): { bridgeId: number; streamId: string } | null {
  const [root, bridge, streamId, ...rest] = topic.split('/');
  const bridgeId = Number(bridge);
  if (root !== 'spanwatch' || rest.length > 0 || !streamId) return null;
  if (!Number.isInteger(bridgeId) || bridgeId < 1) return null;
  return { bridgeId, streamId };
}

export function itemsOfMessages(messages: { topic: string; payload: string }[]): {
  items: TopicItem[];
  unreadable: Unreadable[];
} {
  const items: TopicItem[] = [];
  const unreadable: Unreadable[] = [];
  messages.forEach(({ topic, payload }, message) => {
    const target = parseTopic(topic);
    if (!target) {
      unreadable.push({
        message,
        reason: 'invalid_topic: expected spanwatch/<bridge id>/<stream_id>',
      });
      return;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(payload);
    } catch {
      unreadable.push({ message, reason: 'invalid_item: the payload is not valid JSON' });
      return;
    }
    for (const raw of Array.isArray(parsed) ? parsed : [parsed]) {
      if (typeof raw !== 'object' || raw === null) {
        unreadable.push({ message, reason: 'invalid_item: each block must be a JSON object' });
        continue;
      }
      const given = (raw as { stream_id?: unknown }).stream_id;
      if (given !== undefined && given !== target.streamId) {
        unreadable.push({ message, reason: 'invalid_item: stream_id differs from the topic' });
        continue;
      }
      items.push({
        item: { ...raw, stream_id: target.streamId },
        bridgeId: target.bridgeId,
        message,
      });
    }
  });
  return { items, unreadable };
}
