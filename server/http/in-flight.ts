import type { FastifyReply } from 'fastify';

/**
 * At most `max` requests per key (an address, a user) being worked on at once; a slot is given
 * back when the answer is sent or the client goes away, whichever comes first.
 */
export function createInFlightLimit<Key>(max: number) {
  const held = new Map<Key, number>();
  const release = (key: Key) => {
    const left = (held.get(key) ?? 1) - 1;
    if (left > 0) held.set(key, left);
    else held.delete(key);
  };
  return {
    /** Takes a slot for `key` until `reply` ends; false, taking none, when all are in use. */
    tryHold(key: Key, reply: FastifyReply): boolean {
      const count = held.get(key) ?? 0;
      if (count >= max) return false;
      held.set(key, count + 1);
      let released = false;
      const once = () => {
        if (released) return;
        released = true;
        release(key);
      };
      reply.raw.once('finish', once);
      reply.raw.once('close', once);
      return true;
    },
  };
}
