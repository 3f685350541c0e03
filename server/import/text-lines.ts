/**
 * The lines of a logger file read as a stream: never the whole file in memory. The encoding is
 * judged on the first 64 KB (UTF-8 when it decodes as such, Latin-1 otherwise: the Munich
 * temperature file writes its degree sign as the Latin-1 byte 0xB0), and a UTF-8 byte order
 * mark is dropped.
 */

import { ImportRefused } from './import-refused.ts';

export type TextEncoding = 'UTF-8' | 'Latin-1';

/** Bytes judged for the encoding: a file's header and its first rows. */
const ENCODING_SAMPLE = 64 * 1024;

/**
 * The longest line read, in characters. A logger's widest header (hundreds of channels) is tens
 * of kilobytes; without a bound, a body with no line break would be held whole and scanned again
 * with every chunk.
 */
export const MAX_LINE_CHARS = 1024 * 1024;

export interface TextLine {
  /** 1-based, as an editor counts. */
  number: number;
  text: string;
}

function encodingOf(first: Uint8Array): TextEncoding {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(first, { stream: true });
    return 'UTF-8';
  } catch {
    return 'Latin-1';
  }
}

/** Reads lines from byte chunks; `encoding` is known once the first line has been given. */
export class LineReader {
  encoding: TextEncoding = 'UTF-8';
  bytesRead = 0;

  constructor(private readonly chunks: AsyncIterable<Uint8Array>) {}

  /** The stream in chunks, the first at least ENCODING_SAMPLE bytes (or the whole file). */
  private async *sized(): AsyncGenerator<Uint8Array> {
    let first: Uint8Array[] | null = [];
    let held = 0;
    for await (const chunk of this.chunks) {
      if (first === null) {
        yield chunk;
        continue;
      }
      first.push(chunk);
      held += chunk.length;
      if (held >= ENCODING_SAMPLE) {
        yield Buffer.concat(first);
        first = null;
      }
    }
    if (first !== null && held > 0) yield Buffer.concat(first);
  }

  async *lines(): AsyncGenerator<TextLine> {
    let decoder: TextDecoder | null = null;
    let rest = '';
    let number = 0;
    for await (const chunk of this.sized()) {
      const firstChunk = decoder === null;
      if (decoder === null) {
        this.encoding = encodingOf(chunk);
        decoder = new TextDecoder(this.encoding === 'UTF-8' ? 'utf-8' : 'latin1');
      }
      this.bytesRead += chunk.length;
      let decoded = decoder.decode(chunk, { stream: true });
      if (firstChunk && decoded.startsWith('\uFEFF')) decoded = decoded.slice(1);
      const text = rest + decoded;
      let from = 0;
      // The held rest has no line break: the search starts after it.
      for (
        let newline = text.indexOf('\n', rest.length);
        newline >= 0;
        newline = text.indexOf('\n', from)
      ) {
        number += 1;
        const end = newline > from && text.charCodeAt(newline - 1) === 13 ? newline - 1 : newline;
        yield { number, text: text.slice(from, end) };
        from = newline + 1;
      }
      rest = text.slice(from);
      if (rest.length > MAX_LINE_CHARS) {
        throw new ImportRefused(
          `Line ${number + 1} is longer than ${MAX_LINE_CHARS} characters: not a logger file's line`,
        );
      }
    }
    const last = rest + (decoder?.decode() ?? '');
    if (last.replace(/\r$/, '') !== '') yield { number: number + 1, text: last.replace(/\r$/, '') };
  }
}
