// A push service's stand-in for the API tests: an HTTPS server on 127.0.0.1 whose certificate is made for the run and
// trusted by this process only (where the server and pushToUser run), and its undoing.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, globalAgent } from 'node:https';
import type { RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rootCertificates } from 'node:tls';

/** Starts the stub with `handler`; `origin` is where subscriptions point, `close` gives the process its CAs back. */
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
