// The bytes of an import's JSON looked over before the parser sees them: nesting bounded, top-level members it does not read left out.
import { msg } from '../../shared/i18n';

/** The deepest a Sower export nests: the top object, a list, a row (or the settings and their attention days). */
const EXPORT_DEPTH = 3;

export const EXPORT_TOO_DEEP = msg('This file nests values deeper than a Sower export does, so it is not one.');
/** A bracket closed by the other kind, or one too many: not JSON (sowerExport.ts answers NOT_A_SOWER_EXPORT). */
export class UnbalancedJson extends Error {}

/** Top-level keys longer than this are no member an import reads: their bytes are not kept to be decoded. */
const LONGEST_KEY = 64;
const NULL = new TextEncoder().encode('null');

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const COMMA = 0x2c;
const OPENS = { 0x7b: 0x7d, 0x5b: 0x5d } as Record<number, number>;
const isSpace = (byte: number) => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
const isClose = (byte: number) => byte === 0x7d || byte === 0x5d;

/**
 * Follows a JSON text a byte at a time, tracking strings, escapes and the open brackets (never more than EXPORT_DEPTH
 * of them, so the state is a few numbers however the file is built), and answers the parts of each chunk the parser
 * should see. The value of a top-level member not in `kept` is never handed on: the parser sees `null` in its place,
 * so it is neither tokenized nor built, and only its brackets and strings are checked. Throws EXPORT_TOO_DEEP (as an
 * Error) at the first bracket past the depth, UnbalancedJson at a bracket that closes nothing open.
 */
export function exportSkimmer(kept: ReadonlySet<string>) {
  const closers = new Uint8Array(EXPORT_DEPTH + 1);
  let depth = 0;
  let inString = false;
  let escaped = false;
  /** Where the top-level object is: before a key, reading one, before its colon, before its value, or past it. */
  let place: 'key' | 'inKey' | 'colon' | 'value' | 'after' = 'after';
  let key: number[] = [];
  let keep = true;
  /** Inside a left-out value: a scalar ends at the next comma or brace at the top level; a string or container where it closes. */
  let skipping: 'scalar' | 'string' | 'container' | undefined;

  const keyName = () => {
    if (key.length > LONGEST_KEY) return undefined;
    try {
      return JSON.parse(`"${Buffer.from(key).toString('utf8')}"`) as string;
    } catch {
      return undefined;
    }
  };

  return (chunk: Uint8Array): Uint8Array[] => {
    const parts: Uint8Array[] = [];
    let from = skipping ? -1 : 0;
    const stopAt = (end: number) => {
      if (from >= 0 && end > from) parts.push(chunk.subarray(from, end));
      parts.push(NULL);
      from = -1;
    };
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i];
      if (inString) {
        if (escaped) escaped = false;
        else if (byte === BACKSLASH) escaped = true;
        else if (byte === QUOTE) {
          inString = false;
          if (place === 'inKey') place = 'colon';
          else if (skipping === 'string') [skipping, from] = [undefined, i + 1];
        }
        if (place === 'inKey' && key.length <= LONGEST_KEY) key.push(byte);
        continue;
      }
      if (skipping === 'scalar' && depth === 1 && (byte === COMMA || isClose(byte))) [skipping, from] = [undefined, i];
      if (place === 'value' && !isSpace(byte)) {
        place = 'after';
        if (!keep) {
          stopAt(i);
          skipping = byte === QUOTE ? 'string' : OPENS[byte] ? 'container' : 'scalar';
        }
      }
      if (byte === QUOTE) {
        inString = true;
        if (depth === 1 && place === 'key') [place, key] = ['inKey', []];
      } else if (OPENS[byte]) {
        if (depth === EXPORT_DEPTH) throw new Error(EXPORT_TOO_DEEP);
        closers[depth++] = OPENS[byte];
        if (depth === 1 && byte === 0x7b) place = 'key';
      } else if (isClose(byte)) {
        if (depth === 0 || closers[depth - 1] !== byte) throw new UnbalancedJson();
        depth--;
        if (depth === 1 && skipping === 'container') [skipping, from] = [undefined, i + 1];
      } else if (depth === 1 && byte === COLON && place === 'colon') {
        const name = keyName();
        keep = name !== undefined && kept.has(name);
        place = 'value';
      } else if (depth === 1 && byte === COMMA && !skipping) place = 'key';
    }
    if (from >= 0 && from < chunk.length) parts.push(from === 0 ? chunk : chunk.subarray(from));
    return parts;
  };
}
