// The bytes of an import's JSON looked over before the parser sees them: nesting bounded, top-level members it does not read left out.
import { msg } from '../../shared/i18n';

/** The deepest a Sower export nests: the top object, a list, a row, a list in a row (a contact's tags, issue 50). */
const EXPORT_DEPTH = 4;

export const EXPORT_TOO_DEEP = msg('This file nests values deeper than a Sower export does, so it is not one.');
/**
 * A bracket closed by the other kind or one too many (not JSON), or a string, number or word the parser would have to
 * hold longer than any an export has (sowerExport.ts answers NOT_A_SOWER_EXPORT).
 */
export class NotExportJson extends Error {}

/** Top-level keys longer than this are no member an import reads: their bytes are not kept to be decoded. */
const LONGEST_KEY = 64;
/**
 * The longest string, number or word the parser is shown, in bytes: the longest text an export holds is 10,000
 * characters (LIMITS.longText), at most 60,000 bytes even with every one escaped as \uXXXX.
 */
const LONGEST_TOKEN = 1 << 20;
const NULL = new TextEncoder().encode('null');

// What each byte is to the skimmer: most are nothing, and are passed over at once.
const OTHER = 0;
const QUOTE = 1;
const BACKSLASH = 2;
const OPEN_OBJECT = 3;
const OPEN_ARRAY = 4;
const CLOSE_OBJECT = 5;
const CLOSE_ARRAY = 6;
const COLON = 7;
const COMMA = 8;
const SPACE = 9;
const KIND = new Uint8Array(256);
for (const [char, kind] of Object.entries({
  '"': QUOTE,
  '\\': BACKSLASH,
  '{': OPEN_OBJECT,
  '[': OPEN_ARRAY,
  '}': CLOSE_OBJECT,
  ']': CLOSE_ARRAY,
  ':': COLON,
  ',': COMMA,
  ' ': SPACE,
  '\n': SPACE,
  '\r': SPACE,
  '\t': SPACE,
}))
  KIND[char.charCodeAt(0)] = kind;

// Where the top-level object is: before a key, reading one, before its colon, before its value, or past it.
const BEFORE_KEY = 0;
const IN_KEY = 1;
const BEFORE_COLON = 2;
const BEFORE_VALUE = 3;
const PAST_VALUE = 4;
// A left-out value: a scalar ends at the next comma or brace at the top level; a string or container where it closes.
const NOT_SKIPPING = 0;
const SCALAR = 1;
const STRING = 2;
const CONTAINER = 3;

/**
 * Follows a JSON text a byte at a time, tracking strings, escapes and the open brackets (never more than EXPORT_DEPTH
 * of them, so the state is a few numbers however the file is built), and answers the parts of each chunk the parser
 * should see. The value of a top-level member not in `kept` is never handed on: the parser sees `null` in its place,
 * so it is neither tokenized nor built, and only its brackets and strings are checked. Throws EXPORT_TOO_DEEP (as an
 * Error) at the first bracket past the depth, NotExportJson at a bracket that closes nothing open or at the byte that
 * makes a token the parser is shown longer than LONGEST_TOKEN (the parser holds a token whole until it ends).
 */
export function exportSkimmer(kept: ReadonlySet<string>) {
  const closers = new Uint8Array(EXPORT_DEPTH + 1);
  let depth = 0;
  let inString = false;
  let escaped = false;
  /** Where the top-level object is: before a key, reading one, before its colon, before its value, or past it. */
  let place = PAST_VALUE;
  let key: number[] = [];
  let keep = true;
  let skipping = NOT_SKIPPING;
  /** The bytes of the string, or of the number or word, the parser is being shown: it holds them until the token ends. */
  let tokenBytes = 0;

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
    /** The next backslash at or past where a string was last looked through: -1 none in the chunk, -2 not looked for. */
    let nextBackslash = -2;
    for (let i = 0; i < chunk.length; i++) {
      if (inString && place !== IN_KEY && !escaped) {
        // Straight to the string's next quote or backslash: nothing else in a string matters here.
        if (nextBackslash !== -1 && nextBackslash < i) nextBackslash = chunk.indexOf(0x5c, i);
        const quote = chunk.indexOf(0x22, i);
        const stop = nextBackslash === -1 ? quote : quote === -1 ? nextBackslash : Math.min(quote, nextBackslash);
        tokenBytes += (stop === -1 ? chunk.length : stop) - i;
        if (!skipping && tokenBytes > LONGEST_TOKEN) throw new NotExportJson();
        if (stop === -1) break;
        i = stop;
      }
      const kind = KIND[chunk[i]];
      if (inString) {
        if (++tokenBytes > LONGEST_TOKEN && !skipping) throw new NotExportJson();
        if (escaped) escaped = false;
        else if (kind === BACKSLASH) escaped = true;
        else if (kind === QUOTE) {
          inString = false;
          if (place === IN_KEY) place = BEFORE_COLON;
          else if (skipping === STRING) {
            skipping = NOT_SKIPPING;
            from = i + 1;
          }
        }
        if (place === IN_KEY && key.length <= LONGEST_KEY) key.push(chunk[i]);
        continue;
      }
      if (kind === OTHER && place !== BEFORE_VALUE) {
        if (++tokenBytes > LONGEST_TOKEN && !skipping) throw new NotExportJson();
        continue;
      }
      tokenBytes = 0;
      if (kind === SPACE && place !== BEFORE_VALUE) continue;
      if (skipping === SCALAR && depth === 1 && (kind === COMMA || kind === CLOSE_OBJECT)) {
        skipping = NOT_SKIPPING;
        from = i;
      }
      if (place === BEFORE_VALUE && kind !== SPACE) {
        place = PAST_VALUE;
        if (!keep) {
          if (from >= 0 && i > from) parts.push(chunk.subarray(from, i));
          parts.push(NULL);
          from = -1;
          skipping = kind === QUOTE ? STRING : kind === OPEN_OBJECT || kind === OPEN_ARRAY ? CONTAINER : SCALAR;
        }
      }
      switch (kind) {
        case QUOTE:
          inString = true;
          if (depth === 1 && place === BEFORE_KEY) [place, key] = [IN_KEY, []];
          break;
        case OPEN_OBJECT:
        case OPEN_ARRAY:
          if (depth === EXPORT_DEPTH) throw new Error(EXPORT_TOO_DEEP);
          closers[depth++] = kind + 2;
          if (depth === 1 && kind === OPEN_OBJECT) place = BEFORE_KEY;
          break;
        case CLOSE_OBJECT:
        case CLOSE_ARRAY:
          if (depth === 0 || closers[depth - 1] !== kind) throw new NotExportJson();
          depth--;
          if (depth === 1 && skipping === CONTAINER) {
            skipping = NOT_SKIPPING;
            from = i + 1;
          }
          break;
        case COLON:
          if (depth === 1 && place === BEFORE_COLON) {
            const name = keyName();
            keep = name !== undefined && kept.has(name);
            place = BEFORE_VALUE;
          }
          break;
        case COMMA:
          if (depth === 1 && !skipping) place = BEFORE_KEY;
          break;
      }
    }
    if (from >= 0 && from < chunk.length) parts.push(from === 0 ? chunk : chunk.subarray(from));
    return parts;
  };
}
