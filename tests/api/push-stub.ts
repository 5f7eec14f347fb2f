// A push service's stand-in for the API tests: an HTTPS server on 127.0.0.1 whose certificate is made for the run and
// trusted by this process only (where the server and pushToUser run), and its undoing; and a browser's side of a
// subscription (its keys, and the decryption of what arrives, RFC 8291 + 8188).
import { execFileSync } from 'node:child_process';
import { createDecipheriv, createECDH, hkdfSync, randomBytes, type ECDH } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, globalAgent } from 'node:https';
import type { RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rootCertificates } from 'node:tls';
import { expect } from 'vitest';

/** Starts the stub with `handler`; `origin` is where subscriptions point, `close` gives the process its CAs back. */
/** A request the push service received: its path (the subscription's endpoint), headers and encrypted body. */
export interface Received {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A handler that keeps each request in `received` and answers the status `statusOf` gives for its path. */
export const recording =
  (received: Received[], statusOf: (path: string) => number): RequestListener =>
  (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ path: req.url!, headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = statusOf(req.url!);
      res.end();
    });
  };

export async function startPushStub(handler: RequestListener) {
  const certDir = mkdtempSync(join(tmpdir(), 'sower-push-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      join(certDir, 'key.pem'),
      '-out',
      join(certDir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  const cert = readFileSync(join(certDir, 'cert.pem'), 'utf8');
  const savedCa = globalAgent.options.ca;
  globalAgent.options.ca = [...rootCertificates, cert];
  const stub = createServer({ key: readFileSync(join(certDir, 'key.pem')), cert }, handler);
  await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
  return {
    origin: `https://127.0.0.1:${(stub.address() as AddressInfo).port}`,
    /** Ends the stub's connections too: a request it never answered would keep it open. */
    async close() {
      globalAgent.options.ca = savedCa;
      stub.closeAllConnections();
      await new Promise((resolve) => stub.close(resolve));
      rmSync(certDir, { recursive: true, force: true });
    },
  };
}

/** A browser's side of a subscription: its P-256 key pair and auth secret. */
export interface Device {
  ecdh: ECDH;
  auth: Buffer;
  endpoint: string;
  json: { endpoint: string; keys: { p256dh: string; auth: string } };
}

/** A new browser subscription whose endpoint is `path` on the stub at `origin`. */
export function newDevice(origin: string, path: string): Device {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  const endpoint = `${origin}${path}`;
  return { ecdh, auth, endpoint, json: { endpoint, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } } };
}

/** RFC 8291 + 8188: the message as the browser decrypts it. */
export function decrypt(body: Buffer, device: Device): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20];
  const serverKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  expect(idLength).toBe(65);
  expect(ciphertext.length).toBeLessThanOrEqual(recordSize);
  const shared = device.ecdh.computeSecret(serverKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), device.ecdh.getPublicKey(), serverKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, device.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(-16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, -16)), decipher.final()]);
  // The last record ends with the delimiter 2, then zero or more zero bytes of padding.
  let end = padded.length - 1;
  while (padded[end] === 0) end--;
  expect(padded[end]).toBe(2);
  return padded.subarray(0, end).toString('utf8');
}
