// age files (age-encryption.org/v1) with one scrypt (passphrase) recipient: written and read as streams.
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { msg } from '../../shared/i18n';
import { createBusyGate } from '../queries/limiter';

const VERSION_LINE = 'age-encryption.org/v1';
/** What every age file starts with: how an import tells an encrypted export from a plain one. */
const AGE_MAGIC = Buffer.from(`${VERSION_LINE}\n`);
const SCRYPT_LABEL = 'age-encryption.org/v1/scrypt';
/** age's own default work factor: N = 2^18, 256 MiB and about a second of one core per derivation. */
const LOG_N = 18;
/** The most a file to read may ask: its memory is 128·r·2^logN bytes, so each step above doubles it (decision 033). */
const MAX_LOG_N = LOG_N;
const SCRYPT_R = 8;
const CHUNK = 64 * 1024;
const TAG = 16;
const FILE_KEY_BYTES = 16;
const NONCE_BYTES = 16;
/** A header with one scrypt stanza is about 120 bytes; anything much longer is not one Sower can read. */
const MAX_HEADER_BYTES = 1024;

/** Standard base64 without padding, as age writes it. */
const base64 = (bytes: Buffer) => bytes.toString('base64').replace(/=+$/, '');

/** Canonical unpadded base64 only (the spec: decoders reject anything else), else null. */
function fromBase64(text: string): Buffer | null {
  if (!/^[A-Za-z0-9+/]*$/.test(text) || text.length % 4 === 1) return null;
  const bytes = Buffer.from(text, 'base64');
  return base64(bytes) === text ? bytes : null;
}

const hkdf = (key: Buffer, salt: Buffer, info: string) => Buffer.from(hkdfSync('sha256', key, salt, info, 32));

function seal(key: Buffer, nonce: Buffer, plaintext: Buffer) {
  const cipher = createCipheriv('chacha20-poly1305', key, nonce, { authTagLength: TAG });
  return Buffer.concat([cipher.update(plaintext), cipher.final(), cipher.getAuthTag()]);
}

/** The plaintext, or null when the key is wrong or the bytes were changed. */
function open(key: Buffer, nonce: Buffer, sealed: Buffer): Buffer | null {
  if (sealed.length < TAG) return null;
  const decipher = createDecipheriv('chacha20-poly1305', key, nonce, { authTagLength: TAG });
  decipher.setAuthTag(sealed.subarray(sealed.length - TAG));
  try {
    return Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - TAG)), decipher.final()]);
  } catch {
    return null;
  }
}

/** STREAM's nonce: an 11-byte big-endian chunk counter, then 1 on the final chunk and 0 before it. */
function chunkNonce(counter: number, last: boolean) {
  const nonce = Buffer.alloc(12);
  nonce.writeUIntBE(counter, 5, 6);
  nonce[11] = last ? 1 : 0;
  return nonce;
}

const SCRYPT_BUSY = msg('The server is busy with other encrypted files. Please try again in a minute.');
/** Derivations that may wait for the one running; past them a request is refused at once. */
const SCRYPT_QUEUE = 3;
const RETRY_AFTER_SECONDS = 10;

/**
 * scrypt at N = 2^18 takes 256 MiB for about a second: one at a time in the whole process (a 1 GB server could not hold
 * a burst of them), a few waiting in arrival order, and beyond them a refusal, 503 with Retry-After, before any memory
 * is taken. Runs on libuv's thread pool (crypto.scrypt), never on the event loop.
 */
const gate = {
  busy: createBusyGate({ waitingAtMost: SCRYPT_QUEUE, message: SCRYPT_BUSY, retryAfterSeconds: RETRY_AFTER_SECONDS }),
  derive(passphrase: string, salt: Buffer, logN: number, setHeader: (name: string, value: string) => void): Promise<Buffer> {
    const N = 2 ** logN;
    return this.busy.run(
      setHeader,
      () =>
        new Promise<Buffer>((resolve, reject) =>
          scrypt(
            passphrase.normalize('NFC'),
            Buffer.concat([Buffer.from(SCRYPT_LABEL), salt]),
            32,
            { N, r: SCRYPT_R, p: 1, maxmem: 128 * SCRYPT_R * N + 1024 * 1024 },
            (error, key) => (error ? reject(error) : resolve(key)),
          ),
        ),
    );
  },
};

/** Where a refusal's Retry-After goes (the request's response). */
type Headers = { setHeader(name: string, value: string): void };

/**
 * Derives the passphrase's key (waiting for the scrypt gate) and answers the function that encrypts a stream of
 * plaintext parts into an age file: the header and nonce first, then each 64 KiB chunk once the next byte shows it is
 * not the last. At most one chunk and one part are held at once, whatever the plaintext's length.
 */
export async function ageEncrypter(passphrase: string, ctx: Headers, logN = LOG_N) {
  const fileKey = randomBytes(FILE_KEY_BYTES);
  const salt = randomBytes(16);
  const wrapKey = await gate.derive(passphrase, salt, logN, ctx.setHeader);
  const body = seal(wrapKey, Buffer.alloc(12), fileKey);
  const headerUpToMac = `${VERSION_LINE}\n-> scrypt ${base64(salt)} ${logN}\n${base64(body)}\n---`;
  const mac = createHmac('sha256', hkdf(fileKey, Buffer.alloc(0), 'header'))
    .update(headerUpToMac)
    .digest();
  const nonce = randomBytes(NONCE_BYTES);
  const payloadKey = hkdf(fileKey, nonce, 'payload');
  const start = Buffer.concat([Buffer.from(`${headerUpToMac} ${base64(mac)}\n`), nonce]);

  return async function* encrypt(plaintext: AsyncIterable<string | Uint8Array>): AsyncGenerator<Buffer> {
    yield start;
    let counter = 0;
    let pending = Buffer.alloc(0);
    for await (const part of plaintext) {
      pending = Buffer.concat([pending, typeof part === 'string' ? Buffer.from(part) : part]);
      // A full chunk is known not to be the last only once a byte follows it.
      if (pending.length <= CHUNK) continue;
      const sealed: Buffer[] = [];
      let offset = 0;
      for (; pending.length - offset > CHUNK; offset += CHUNK)
        sealed.push(seal(payloadKey, chunkNonce(counter++, false), pending.subarray(offset, offset + CHUNK)));
      pending = Buffer.from(pending.subarray(offset));
      yield Buffer.concat(sealed);
    }
    yield seal(payloadKey, chunkNonce(counter, true), pending);
  };
}

/** Why a file could not be read, each with its message for the person. */
const AGE_PROBLEMS = {
  passphrase: msg('The passphrase does not open this file.'),
  damaged: msg('The file is damaged or was changed after it was made.'),
  unsupported: msg('This encrypted file is not one Sower can open: it must be protected by a passphrase alone.'),
  tooCostly: msg('This encrypted file asks for more work than Sower does to open a file.'),
} as const;

export class AgeError extends Error {
  constructor(readonly problem: keyof typeof AGE_PROBLEMS) {
    super(AGE_PROBLEMS[problem]);
  }
}

/** Whether a file's first bytes (AGE_MAGIC_BYTES of them suffice) are an age file's. */
export const isAgeFile = (start: Buffer) => start.subarray(0, AGE_MAGIC.length).equals(AGE_MAGIC);
export const AGE_MAGIC_BYTES = AGE_MAGIC.length;

/** Bytes read from a stream as they are needed: at most what was asked for and one part more is held. */
class ByteReader {
  private held = Buffer.alloc(0);
  private ended = false;
  private readonly parts: AsyncIterator<Uint8Array>;

  constructor(source: AsyncIterable<Uint8Array>) {
    this.parts = source[Symbol.asyncIterator]();
  }

  /** Whether `count` bytes are held, reading until they are or the stream ends. */
  async has(count: number) {
    while (this.held.length < count && !this.ended) {
      const next = await this.parts.next();
      if (next.done) this.ended = true;
      else this.held = this.held.length ? Buffer.concat([this.held, next.value]) : Buffer.from(next.value);
    }
    return this.held.length >= count;
  }

  /** What is held, up to `count` bytes. */
  peek(count: number) {
    return this.held.subarray(0, count);
  }

  take(count: number) {
    const taken = this.held.subarray(0, count);
    this.held = this.held.subarray(count);
    return taken;
  }
}

/** The header's lines and its length; null when the bytes hold no well-formed v1 header within MAX_HEADER_BYTES. */
function headerLines(bytes: Buffer) {
  const lines: string[] = [];
  let offset = 0;
  while (offset < Math.min(bytes.length, MAX_HEADER_BYTES)) {
    const end = bytes.indexOf(0x0a, offset);
    if (end < 0 || end > MAX_HEADER_BYTES) return null;
    const line = bytes.subarray(offset, end).toString('latin1');
    lines.push(line);
    offset = end + 1;
    if (line.startsWith('---')) return { lines, payloadAt: offset };
  }
  return null;
}

/**
 * The plaintext of an age file protected by `passphrase` alone, read from a stream and answered a 64 KiB chunk at a time,
 * each only once it is checked (so at most two chunks are held); AgeError says why a file cannot be read. A consumer
 * must not act on the plaintext until the stream ends without an error: only the final chunk shows the file was not
 * cut short.
 */
export async function* ageDecryptStream(source: AsyncIterable<Uint8Array>, passphrase: string, ctx: Headers): AsyncGenerator<Buffer> {
  const reader = new ByteReader(source);
  await reader.has(MAX_HEADER_BYTES + NONCE_BYTES);
  const header = headerLines(reader.peek(MAX_HEADER_BYTES));
  if (!header || header.lines[0] !== VERSION_LINE) throw new AgeError('damaged');
  const [, stanza, ...rest] = header.lines;
  const args = stanza?.split(' ') ?? [];
  if (args[0] !== '->' || args[1] !== 'scrypt') throw new AgeError('unsupported');
  // One scrypt stanza alone: its body (32 bytes, one line), then the MAC line.
  if (rest.length !== 2 || !rest[1].startsWith('--- ')) throw new AgeError(rest.some((line) => line.startsWith('->')) ? 'unsupported' : 'damaged');
  const salt = fromBase64(args[2] ?? '');
  const body = fromBase64(rest[0]);
  const mac = fromBase64(rest[1].slice(4));
  if (args.length !== 4 || salt?.length !== 16 || !/^[1-9][0-9]*$/.test(args[3]) || body?.length !== FILE_KEY_BYTES + TAG || mac?.length !== 32)
    throw new AgeError('damaged');
  const logN = Number(args[3]);
  if (logN > MAX_LOG_N) throw new AgeError('tooCostly');
  const fileKey = open(await gate.derive(passphrase, salt, logN, ctx.setHeader), Buffer.alloc(12), body);
  if (!fileKey) throw new AgeError('passphrase');
  const headerBytes = reader.take(header.payloadAt);
  const expected = createHmac('sha256', hkdf(fileKey, Buffer.alloc(0), 'header'))
    .update(headerBytes.subarray(0, header.payloadAt - rest[1].length + 2))
    .digest();
  if (!timingSafeEqual(expected, mac)) throw new AgeError('damaged');

  if (!(await reader.has(NONCE_BYTES))) throw new AgeError('damaged');
  const payloadKey = hkdf(fileKey, Buffer.from(reader.take(NONCE_BYTES)), 'payload');
  for (let counter = 0; ; counter++) {
    // A chunk is the last when no byte follows it.
    const last = !(await reader.has(CHUNK + TAG + 1));
    const plaintext = open(payloadKey, chunkNonce(counter, last), Buffer.from(reader.take(CHUNK + TAG)));
    // The final chunk may be empty only when it is the only one.
    if (!plaintext || (last && plaintext.length === 0 && counter > 0)) throw new AgeError('damaged');
    if (plaintext.length) yield plaintext;
    if (last) return;
  }
}

/** The plaintext of a whole age file protected by `passphrase` alone, checked whole before any of it is answered. */
export async function ageDecrypt(file: Buffer, passphrase: string, ctx: Headers): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const source = (async function* () {
    yield file;
  })();
  for await (const chunk of ageDecryptStream(source, passphrase, ctx)) chunks.push(chunk);
  return Buffer.concat(chunks);
}
