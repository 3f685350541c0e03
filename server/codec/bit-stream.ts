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

export class BitReader {
  private readonly words: number;
  private position = 0;

  constructor(
    private readonly view: DataView,
    private readonly offset: number,
    byteLength: number,
  ) {
    if (byteLength % 4 !== 0) throw new DamagedBlockError('bit stream is not whole words');
    this.words = byteLength / 4;
  }

  private word(index: number): number {
    if (index >= this.words) throw new DamagedBlockError('bit stream ends early');
    return this.view.getUint32(this.offset + index * 4, true);
  }

  read(bits: number): number {
    if (bits === 0) return 0;
    const index = this.position >>> 5;
    const shift = this.position & 31;
    this.position += bits;
    let value = this.word(index) >>> shift;
    if (shift + bits > 32) value |= this.word(index + 1) << (32 - shift);
    return bits === 32 ? value >>> 0 : (value & ((1 << bits) - 1)) >>> 0;
  }

  readWide(bits: number): number {
    if (bits <= 32) return this.read(bits);
    const low = this.read(32);
    return this.read(bits - 32) * TWO_32 + low;
  }

  /** True when the bits left are only the last word's padding. */
  get atEnd(): boolean {
    return Math.ceil(this.position / 32) === this.words;
  }
}
