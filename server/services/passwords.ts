import {
  randomBytes,
  scrypt as scryptCallback,
  timingSafeEqual,
  type ScryptOptions,
} from 'node:crypto';
import { DEFAULT_PASSWORD_HASH_COST, MAX_PASSWORD_HASH_COST } from '../config/setting-defaults.ts';
import { HttpError } from '../http-error.ts';
import { createWorkQueue, QueueFull } from '../threads/work-queue.ts';

const BLOCK_SIZE = 8;
const PARALLELISM = 1;
const KEY_LENGTH = 32;

interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

/** scrypt needs 128·N·r·p bytes; Node refuses anything above maxmem (32 MiB by default). */
const maxmemFor = ({ N, r, p }: ScryptParams) => 2 * 128 * N * r * p;

/**
 * scrypt runs on libuv's thread pool (4 threads), which file and DNS work share, and one hash
 * at 2^17 keeps a core busy for a few hundred milliseconds: 8 sign-ins at once slowed every
 * other request (issue 37, finding 6). One hash at a time, a few waiting; more answer 503 at
 * once rather than queue without end.
 */
export const HASH_LIMITS = { concurrency: 1, maxWaiting: 16 } as const;

function runScrypt(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: maxmemFor(params) };
  return new Promise((resolve, reject) => {
    scryptCallback(password, salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

interface StoredHash {
  params: ScryptParams;
  salt: Buffer;
  key: Buffer;
}

/** `scrypt$N$r$p$salt$hash`: the parameters travel with each hash, so they can be raised. */
function parse(stored: string): StoredHash | null {
  const [scheme, n, r, p, salt, hash, ...rest] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash || rest.length > 0) return null;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  const sane =
    Number.isInteger(params.N) &&
    params.N > 1 &&
    params.N <= 2 ** MAX_PASSWORD_HASH_COST &&
    Number.isInteger(params.r) &&
    params.r >= 1 &&
    params.r <= 32 &&
    Number.isInteger(params.p) &&
    params.p >= 1 &&
    params.p <= 4;
  if (!sane) return null;
  return { params, salt: Buffer.from(salt, 'base64'), key: Buffer.from(hash, 'base64') };
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(password: string, stored: string): Promise<boolean>;
  /** True when the stored hash was made with other parameters than today's: hash it again. */
  needsRehash(stored: string): boolean;
  /** Spends the time of a real check, for unknown emails, so timing does not reveal accounts. */
  verifyDummy(password: string): Promise<false>;
}

export function createPasswordHasher(
  cost = DEFAULT_PASSWORD_HASH_COST,
  limits: { concurrency: number; maxWaiting: number } = HASH_LIMITS,
): PasswordHasher {
  const params: ScryptParams = { N: 2 ** cost, r: BLOCK_SIZE, p: PARALLELISM };
  let dummy: Promise<string> | undefined;
  const queue = createWorkQueue(limits);
  const scrypt = async (password: string, salt: Buffer, of: ScryptParams) => {
    try {
      return await queue.run(() => runScrypt(password, salt, of));
    } catch (error) {
      if (error instanceof QueueFull) {
        throw new HttpError(503, 'Too many passwords are being checked; try again in a moment');
      }
      throw error;
    }
  };

  async function hash(password: string): Promise<string> {
    const salt = randomBytes(16);
    const key = await scrypt(password, salt, params);
    const { N, r, p } = params;
    return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
  }

  async function verify(password: string, stored: string): Promise<boolean> {
    const parsed = parse(stored);
    if (!parsed) return false;
    const key = await scrypt(password, parsed.salt, parsed.params);
    return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
  }

  return {
    hash,
    verify,
    needsRehash(stored) {
      const parsed = parse(stored);
      return (
        parsed !== null &&
        (parsed.params.N !== params.N ||
          parsed.params.r !== params.r ||
          parsed.params.p !== params.p)
      );
    },
    async verifyDummy(password) {
      dummy ??= hash(randomBytes(12).toString('hex'));
      await verify(password, await dummy);
      return false;
    },
  };
}

/** For code that runs without the app's config (the demo seed when called on its own). */
export const defaultPasswordHasher = createPasswordHasher();
