// Web Push: subscriptions over REST (an endpoint is a URL the server will POST to, so only push services' are taken),
// and pushToUser against a real HTTPS push-service stub that checks the VAPID signature and decrypts the message
// (RFC 8291, aes128gcm) with the keys the test made the way a browser does.
import { createPublicKey, randomBytes, verify } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushSubscriptions } from '../../db/schema';
import { reminderServices } from '../../server/nudges/delivery';
import { pushToUser, SUBSCRIPTIONS_PER_USER } from '../../server/nudges/push';
import { signedInClient, startServer, type ApiClient, type TestServer } from './harness';
import { decrypt, newDevice as newStubDevice, recording, startPushStub, type Device, type Received } from './push-stub';

let server: TestServer;
let stub: Awaited<ReturnType<typeof startPushStub>>;
let stubOrigin: string;
let alice: ApiClient;
let aliceId: number;
let bob: ApiClient;
let bobId: number;
const received: Received[] = [];
/** Paths the stub answers 410 Gone, as a push service does for an unsubscribed browser. */
const gonePaths = new Set<string>();

const newDevice = (path: string): Device => newStubDevice(stubOrigin, path);

/** Checks `Authorization: vapid t=<JWT>, k=<key>` as a push service does, and answers the JWT's claims. */
function verifyVapid(header: string, expectedKey: string) {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header);
  expect(match, header).not.toBeNull();
  const [, jwt, k] = match!;
  expect(k).toBe(expectedKey);
  const [head, claims, signature] = jwt.split('.');
  expect(JSON.parse(Buffer.from(head, 'base64url').toString())).toMatchObject({ alg: 'ES256' });
  const point = Buffer.from(k, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
    format: 'jwk',
  });
  const signed = verify('sha256', Buffer.from(`${head}.${claims}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  expect(signed).toBe(true);
  return JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud: string; exp: number; sub: string };
}

const stored = (endpoint: string) => server.database.read.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
const services = () => reminderServices({ PUSH_ALLOWED_HOSTS: ['127.0.0.1'] }, server.database);
const SUBJECT = 'mailto:admin@sower.test';

beforeAll(async () => {
  stub = await startPushStub(recording(received, (path) => (gonePaths.has(path) ? 410 : 201)));
  stubOrigin = stub.origin;

  server = await startServer({ PUSH_ALLOWED_HOSTS: '127.0.0.1' });
  ({
    client: alice,
    user: { id: aliceId },
  } = await signedInClient(server, 'alice'));
  ({
    client: bob,
    user: { id: bobId },
  } = await signedInClient(server, 'bob'));
});

afterAll(async () => {
  await server?.close();
  await stub?.close();
});

describe('subscriptions', () => {
  it('gives the VAPID public key, the same on every call', async () => {
    const first = await alice.get('/api/push/public-key');
    expect(first.status).toBe(200);
    expect(Buffer.from(first.body.publicKey, 'base64url')).toHaveLength(65);
    expect((await bob.get('/api/push/public-key')).body.publicKey).toBe(first.body.publicKey);
  });

  it('keeps a subscription once per endpoint, and moves an endpoint to the account now signed in on that browser', async () => {
    const device = newDevice('/push/moving');
    expect((await alice.post('/api/push/subscriptions', device.json)).status).toBe(201);
    expect((await alice.post('/api/push/subscriptions', { ...device.json, expirationTime: null })).status).toBe(201);
    expect(await stored(device.endpoint)).toMatchObject([{ userId: aliceId, p256dh: device.json.keys.p256dh, auth: device.json.keys.auth }]);
    expect((await bob.post('/api/push/subscriptions', device.json)).status).toBe(201);
    expect(await stored(device.endpoint)).toMatchObject([{ userId: bobId }]);
  });

  it("refuses to forget another user's subscription, and forgets one's own", async () => {
    const device = newDevice('/push/bobs');
    await bob.post('/api/push/subscriptions', device.json);
    const attempt = await alice.request('DELETE', '/api/push/subscriptions', { endpoint: device.endpoint });
    expect(attempt.status).toBe(200);
    expect(await stored(device.endpoint)).toHaveLength(1);
    expect((await bob.request('DELETE', '/api/push/subscriptions', { endpoint: device.endpoint })).status).toBe(200);
    expect(await stored(device.endpoint)).toHaveLength(0);
  });

  it('refuses endpoints that are not push services (http, other hosts, addresses, huge) and bad keys, storing nothing', async () => {
    const good = newDevice('/push/refused').json;
    const refused = [
      { ...good, endpoint: good.endpoint.replace('https:', 'http:') },
      { ...good, endpoint: 'https://example.com/push/1' },
      { ...good, endpoint: 'https://169.254.169.254/latest/meta-data/' },
      { ...good, endpoint: 'https://[::1]/push' },
      { ...good, endpoint: 'https://fcm.googleapis.com:8443/fcm/send/x' },
      { ...good, endpoint: 'https://fcm.googleapis.com.evil.test/fcm/send/x' },
      { ...good, endpoint: 'https://user:pw@fcm.googleapis.com/fcm/send/x' },
      { ...good, endpoint: `https://fcm.googleapis.com/fcm/send/${'a'.repeat(5000)}` },
      { ...good, endpoint: 'file:///etc/passwd' },
      { ...good, keys: { ...good.keys, p256dh: good.keys.p256dh.slice(0, -2) } },
      // 65 bytes that start as a point should, but are not on the curve.
      { ...good, keys: { ...good.keys, p256dh: Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 1)]).toString('base64url') } },
      { ...good, keys: { ...good.keys, auth: randomBytes(12).toString('base64url') } },
      { endpoint: good.endpoint },
    ];
    for (const body of refused) {
      const res = await alice.post('/api/push/subscriptions', body);
      expect(res.status, JSON.stringify(body).slice(0, 120)).toBe(400);
    }
    const rows = await server.database.read.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, aliceId));
    expect(rows.filter((row) => !row.endpoint.startsWith(stubOrigin) || row.endpoint.endsWith('/refused'))).toEqual([]);
  });

  it('accepts the known push services', async () => {
    const keys = newDevice('/x').json.keys;
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAA',
      'https://web.push.apple.com/QGx',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYA',
    ]) {
      expect((await bob.post('/api/push/subscriptions', { endpoint, keys })).status, endpoint).toBe(201);
    }
    await server.database.write((tx) => tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, bobId)));
  });

  it(`keeps at most ${SUBSCRIPTIONS_PER_USER} devices a user, dropping the oldest`, async () => {
    const { client, user } = await signedInClient(server, 'many');
    const devices = Array.from({ length: SUBSCRIPTIONS_PER_USER + 2 }, (_, i) => newDevice(`/push/many-${i}`));
    for (const device of devices) await client.post('/api/push/subscriptions', device.json);
    const rows = await server.database.read.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id));
    expect(rows.map((row) => row.endpoint).sort()).toEqual(
      devices
        .slice(2)
        .map((d) => d.endpoint)
        .sort(),
    );
  });
});

describe('pushToUser', () => {
  it('sends each device the message signed with VAPID and encrypted for it, and removes a subscription the push service says is gone', async () => {
    const { client, user } = await signedInClient(server, 'pushed');
    const phone = newDevice('/push/phone');
    const laptop = newDevice('/push/laptop');
    const gone = newDevice('/push/gone');
    for (const device of [phone, laptop, gone]) expect((await client.post('/api/push/subscriptions', device.json)).status).toBe(201);
    gonePaths.add('/push/gone');
    const publicKey = (await client.get('/api/push/public-key')).body.publicKey as string;
    received.length = 0;

    const message = { title: 'Sower', body: 'You have 3 reminders in Sower', url: '/follow-ups', tag: 'digest' };
    const result = await pushToUser(server.database, services(), SUBJECT, user.id, message);

    expect(result).toEqual({ sent: 2, removed: 1, failed: 0 });
    expect(received.map((r) => r.path).sort()).toEqual(['/push/gone', '/push/laptop', '/push/phone']);
    for (const device of [phone, laptop]) {
      const request = received.find((r) => r.path === new URL(device.endpoint).pathname)!;
      expect(request.headers['content-encoding']).toBe('aes128gcm');
      expect(Number(request.headers.ttl)).toBeGreaterThan(0);
      const claims = verifyVapid(String(request.headers.authorization), publicKey);
      expect(claims.aud).toBe(stubOrigin);
      expect(claims.sub).toBe(SUBJECT);
      expect(claims.exp * 1000).toBeGreaterThan(Date.now());
      expect(claims.exp * 1000).toBeLessThanOrEqual(Date.now() + 24 * 60 * 60 * 1000);
      expect(JSON.parse(decrypt(request.body, device))).toEqual(message);
    }
    expect(await stored(gone.endpoint)).toEqual([]);
    expect(await stored(phone.endpoint)).toHaveLength(1);
  });

  it('sends only a path of this app as the url, and skips a device whose push service is no longer allowed, without throwing', async () => {
    const { client, user } = await signedInClient(server, 'odd');
    const device = newDevice('/push/odd');
    await client.post('/api/push/subscriptions', device.json);
    received.length = 0;
    const result = await pushToUser(server.database, services(), SUBJECT, user.id, { title: 'T', body: 'B', url: '//evil.test/x', tag: 'digest' });
    expect(result).toEqual({ sent: 1, removed: 0, failed: 0 });
    expect(JSON.parse(decrypt(received[0].body, device)).url).toBe('/');
    // A discreet digest's icon (issue 33) goes as a path of this app, or as the app's start, never another site's.
    for (const [icon, sent] of [
      ['/icons/discreet-192.png', '/icons/discreet-192.png'],
      ['https://evil.test/i.png', '/'],
    ]) {
      received.length = 0;
      await pushToUser(server.database, services(), SUBJECT, user.id, { title: 'Reminder', body: 'Reminders: 1', url: '/', tag: 'digest', icon });
      expect(JSON.parse(decrypt(received[0].body, device)).icon).toBe(sent);
    }

    // The configuration no longer allows the stub: nothing is sent there, and the subscription stays.
    const strict = reminderServices({}, server.database);
    received.length = 0;
    expect(await pushToUser(server.database, strict, SUBJECT, user.id, { title: 'T', body: 'B', url: '/', tag: 'digest' })).toEqual({
      sent: 0,
      removed: 0,
      failed: 0,
    });
    expect(received).toEqual([]);
    expect(await stored(device.endpoint)).toHaveLength(1);
  });

  it('sends nothing to a user without devices', async () => {
    const { user } = await signedInClient(server, 'none');
    expect(await pushToUser(server.database, services(), SUBJECT, user.id, { title: 'T', body: 'B', url: '/', tag: 'digest' })).toEqual({
      sent: 0,
      removed: 0,
      failed: 0,
    });
  });
});
