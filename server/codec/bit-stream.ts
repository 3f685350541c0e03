/**
 * Bits written least significant first into little-endian 32-bit words, and read back the same
 * way. Fields are at most 32 bits a write; wider ones (53-bit integers, 64-bit XORs) go in two.
 * JavaScript's bit operators work on 32 bits, so the hot loop never touches BigInt.
 */

/** Thrown for bytes that cannot be a block: its caller reports the block as damaged. */
export class DamagedBlockError extends Error {
  constructor(detail: string) {
    super(`damaged block: ${detail}`);
    this.name = 'DamagedBlockError';
  }
}

const TWO_32 = 2 ** 32;

export class BitWriter {
  private words: Uint32Array;
  private count = 0;
  private current = 0;
  private used = 0;

  constructor(expectedBits: number) {
    this.words = new Uint32Array(Math.max(4, Math.ceil(expectedBits / 32) + 2));
  }

  /** `value` (0 to 2^bits - 1) in `bits` (0 to 32) bits. */
  write(value: number, bits: number): void {
    if (bits === 0) return;
    const free = 32 - this.used;
    if (bits < free) {
      this.current = (this.current | (value << this.used)) >>> 0;
      this.used += bits;
      return;
    }
    this.push((this.current | (value << this.used)) >>> 0);
    const rest = bits - free;
    this.current = rest === 0 ? 0 : value >>> free;
    this.used = rest;
  }

  /** A non-negative integer below 2^53 in `bits` (0 to 53) bits. */
  writeWide(value: number, bits: number): void {
    if (bits <= 32) this.write(value >>> 0, bits);
    else {
      this.write((value % TWO_32) >>> 0, 32);
      this.write(Math.floor(value / TWO_32), bits - 32);
    }
  }

  private push(word: number): void {
    if (this.count === this.words.length) {
      const grown = new Uint32Array(this.words.length * 2);
      grown.set(this.words);
      this.words = grown;
    }
    this.words[this.count] = word;
    this.count += 1;
  }

  /** Bytes the stream takes once finished (whole words). */
  get byteLength(): number {
    return (this.count + (this.used > 0 ? 1 : 0)) * 4;
  }

  /** Writes the stream at `offset` of `view`, little-endian; returns the end offset. */
  finishInto(view: DataView, offset: number): number {
    let at = offset;
    for (let i = 0; i < this.count; i += 1) {
      view.setUint32(at, this.words[i] as number, true);
      at += 4;
    }
    if (this.used > 0) {
      view.setUint32(at, this.current, true);
      at += 4;
    }
    return at;
  }
}

const LITTLE_ENDIAN = new Uint8Array(Uint32Array.of(1).buffer)[0] === 1;

export class BitReader {
  /** The stream's words, copied once (a typed array reads faster than a DataView per field). */
  private readonly data: Uint32Array;
  private readonly words: number;
  private position = 0;

  constructor(view: DataView, offset: number, byteLength: number) {
    if (byteLength % 4 !== 0) throw new DamagedBlockError('bit stream is not whole words');
    this.words = byteLength / 4;
    if (LITTLE_ENDIAN) {
      const bytes = new Uint8Array(byteLength);
      bytes.set(new Uint8Array(view.buffer, view.byteOffset + offset, byteLength));
      this.data = new Uint32Array(bytes.buffer);
    } else {
      this.data = new Uint32Array(this.words);
      for (let i = 0; i < this.words; i += 1) this.data[i] = view.getUint32(offset + i * 4, true);
    }
  }

  read(bits: number): number {
    if (bits === 0) return 0;
    const index = this.position >>> 5;
    const shift = this.position & 31;
    this.position += bits;
    if (index >= this.words) throw new DamagedBlockError('bit stream ends early');
    let value = (this.data[index] as number) >>> shift;
    if (shift + bits > 32) {
      if (index + 1 >= this.words) throw new DamagedBlockError('bit stream ends early');
      value |= (this.data[index + 1] as number) << (32 - shift);
    }
    return bits === 32 ? value >>> 0 : (value & ((1 << bits) - 1)) >>> 0;
  }

  readWide(bits: number): number {
    if (bits <= 32) return this.read(bits);
    const low = this.read(32);
    return this.read(bits - 32) * TWO_32 + low;
  }

  /**
   * A unary count as the writer's (q ones, least significant first, then a zero) with at most
   * `limit` (1 to 32) ones: q below `limit` consumes q + 1 bits, q = limit consumes `limit`. The
   * same as reading one bit at a time while q < limit, but on a 32-bit window: its trailing ones
   * counted with Math.clz32. Bits past the stream read as zeros and then fail as its end.
   */
  readUnary(limit: number): number {
    const q = this.readRice(0, 1, limit);
    return q < 0 ? limit : q;
  }

  /**
   * One Rice-coded value as the writer's: a unary quotient q below `limit` (as `readUnary`) and
   * then k low bits, returned as q·scale + low (scale = 2^k); -1 after `limit` ones (an escape,
   * whose value the caller reads). Where the quotient's bits and the low bits fit one 32-bit
   * window (nearly always), both come from that one window.
   */
  readRice(k: number, scale: number, limit: number): number {
    const position = this.position;
    const index = position >>> 5;
    const shift = position & 31;
    if (index >= this.words) throw new DamagedBlockError('bit stream ends early');
    let window = (this.data[index] as number) >>> shift;
    if (shift > 0 && index + 1 < this.words) {
      window |= (this.data[index + 1] as number) << (32 - shift);
    }
    const zeros = ~window;
    const ones = zeros === 0 ? 32 : 31 - Math.clz32(zeros & -zeros);
    const total = this.words * 32;
    if (ones >= limit) {
      if (position + limit > total) throw new DamagedBlockError('bit stream ends early');
      this.position = position + limit;
      return -1;
    }
    const used = ones + 1;
    if (used + k <= 32) {
      // Bits past the stream read as zeros above; the end check refuses any that were used.
      const end = position + used + k;
      if (end > total) throw new DamagedBlockError('bit stream ends early');
      this.position = end;
      return k === 0 ? ones : ones * scale + ((window >>> used) & ((1 << k) - 1));
    }
    if (position + used > total) throw new DamagedBlockError('bit stream ends early');
    this.position = position + used;
    return ones * scale + this.readWide(k);
  }

  /** True when the bits left are only the last word's padding. */
  get atEnd(): boolean {
    return Math.ceil(this.position / 32) === this.words;
  }
}
