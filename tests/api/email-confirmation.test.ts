// Reminder mail only to confirmed addresses (issue 27): the confirmation link through a real SMTP server (smtp-server,
// read by mailparser), single use, 24 hours, tied to the address it was sent to; resend limits in a batch and in a
// burst; no digest to an address nobody confirmed.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { attempts, emailConfirmations, userSettings } from '../../db/schema';
import { translate } from '../../server/i18n';
import { ApiClient, signedInClient, startServer } from './harness';
import { isDigest, mailingServerForFile, testScheduler, until, type Received } from './mail';
import { trpcBatch, trpcMutation } from './trpc';

const DAY = 86_400_000;
const PASSWORD = 'correct horse battery';
const LINK_REFUSED =
  'This confirmation link does not work. It may have been used already, be more than 24 hours old, or have been replaced by a newer one. Sign in and ask for a new link in Settings.';

const { smtp, server } = mailingServerForFile();

/** The confirmation link of a mail: its URL and token. */
function linkOf({ mail }: Received) {
  const match = /(\S+\/confirm-email\?token=([A-Za-z0-9_-]+))/.exec(mail.text ?? '');
  if (!match) throw new Error(`no confirmation link in: ${mail.text}`);
  return { url: match[1], token: match[2] };
}

const confirmationsTo = (email: string) => smtp.received.filter((r) => r.to.includes(email) && /\/confirm-email\?token=/.test(r.mail.text ?? ''));

/** Waits for the `n`th confirmation mail to the address (1-based), and answers it. */
const nthConfirmation = (email: string, n: number) => until(() => confirmationsTo(email)[n - 1], `confirmation mail ${n} to ${email}`);

async function me(client: ApiClient) {
  const res = await client.get('/api/auth/me');
  expect(res.status).toBe(200);
  return res.body as { id: number; email: string; emailConfirmed: boolean };
}

/** Confirms a token as someone without a session would (a mail client's browser): the token is the credential. */
const confirmAnonymously = (token: unknown) => new ApiClient(server.baseUrl).post('/api/account/email/confirm', { token });

/** Forgets the user's resend cooldown (a fixture for moving past the minute), keeping the day's count. */
async function endCooldown(userId: number) {
  await server.database.write((tx) => tx.delete(attempts).where(eq(attempts.key, `email-confirmation:user:${userId}`)));
}

describe('the confirmation email', () => {
  it('goes out on registration with no user-written text, in the user’s language; the link confirms once', async () => {
    const client = new ApiClient(server.baseUrl);
    const username = `buy.cheap-pills.example${Date.now().toString(36)}`;
    const email = `${username}@example.com`;
    const registered = await client.post('/api/auth/register', {
      username,
      email,
      password: PASSWORD,
      firstName: 'Win',
      lastName: 'https://spam.example/prize +1 555 0100',
    });
    expect(registered.status).toBe(201);
    expect(registered.body).toMatchObject({ email, emailConfirmed: false });

    const received = await nthConfirmation(email, 1);
    const { mail } = received;
    expect(mail.subject).toBe('Confirm your email address for Sower');
    const html = String(mail.html);
    for (const part of [mail.subject ?? '', mail.text ?? '', html]) {
      for (const userText of ['Win', 'spam.example', 'prize', '555 0100', 'buy.cheap-pills', username]) expect(part, userText).not.toContain(userText);
    }
    const { url, token } = linkOf(received);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail.text).toContain('24 hours');
    expect(html).toContain(`href="${url}"`);
    expect(html).toContain('24 hours');
    // Transactional: no unsubscribe header (that belongs to the digest).
    expect(mail.headerLines.some((line) => line.key === 'list-unsubscribe')).toBe(false);

    // Only a hash is stored, never the token.
    const [stored] = await server.database.read.select().from(emailConfirmations).where(eq(emailConfirmations.userId, registered.body.id));
    expect(stored.tokenHash).not.toContain(token);
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(stored.email).toBe(email);
    expect(stored.expiresAt - Date.now()).toBeGreaterThan(DAY - 60_000);
    expect(stored.expiresAt - Date.now()).toBeLessThanOrEqual(DAY);

    // Following the link (a GET, as mail scanners do) confirms nothing; neither does a GET of the API path.
    await fetch(url.replace(/^https?:\/\/[^/]+/, server.baseUrl));
    expect((await fetch(`${server.baseUrl}/api/account/email/confirm?token=${token}`)).status).toBe(405);
    expect((await me(client)).emailConfirmed).toBe(false);

    // The token is the credential: confirming needs no session. Once.
    const confirmed = await confirmAnonymously(token);
    expect(confirmed).toMatchObject({ status: 200, body: { success: true } });
    expect((await me(client)).emailConfirmed).toBe(true);
    const again = await confirmAnonymously(token);
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ message: LINK_REFUSED, code: 'BAD_REQUEST' });
    expect((await me(client)).emailConfirmed).toBe(true);
  });

  it('is written in the account’s language, right to left in Arabic', async () => {
    const client = new ApiClient(server.baseUrl);
    const username = `arabic${Date.now().toString(36)}`;
    const email = `${username}@example.com`;
    expect((await client.post('/api/auth/register', { username, email, password: PASSWORD, language: 'ar' })).status).toBe(201);
    const { mail } = await nthConfirmation(email, 1);
    expect(mail.subject).toBe(translate('ar', 'Confirm your email address for Sower'));
    expect(mail.subject).not.toBe('Confirm your email address for Sower');
    expect(String(mail.html)).toContain('<html lang="ar" dir="rtl">');
    expect(mail.text).toContain(translate('ar', 'This link works once and expires in 24 hours.'));
  });

  it('refuses an expired link, a wrong one and a malformed one alike: 400 with one message, and nothing changes', async () => {
    const { client, user } = await signedInClient(server, 'expired');
    const { token } = linkOf(await nthConfirmation(user.email, 1));
    await server.database.write((tx) =>
      tx
        .update(emailConfirmations)
        .set({ expiresAt: Date.now() - 1 })
        .where(eq(emailConfirmations.userId, user.id)),
    );
    for (const bad of [token, token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A'), 'G'.repeat(43), 'x', '', 'x'.repeat(5000), 42, null, undefined]) {
      const res = await confirmAnonymously(bad);
      expect(res.status, JSON.stringify(bad)?.slice(0, 20)).toBe(400);
      expect(res.body.message, JSON.stringify(bad)?.slice(0, 20)).toBe(LINK_REFUSED);
    }
    // Over tRPC, in another language, the same single message.
    const trpc = await trpcMutation(new ApiClient(server.baseUrl), 'account.email.confirm', { token: 'G'.repeat(43) });
    expect(trpc.error).toMatchObject({ message: LINK_REFUSED, data: { httpStatus: 400 } });
    const french = await new ApiClient(server.baseUrl).request('POST', '/api/account/email/confirm', { token }, { 'Accept-Language': 'fr' });
    expect(french.body.message).toBe(translate('fr', LINK_REFUSED));
    expect((await me(client)).emailConfirmed).toBe(false);
  });
});

describe('an email change', () => {
  it('makes the new address unconfirmed, mails it a link, and leaves every older link useless', async () => {
    const { client, user } = await signedInClient(server, 'mover');
    const first = linkOf(await nthConfirmation(user.email, 1));
    expect((await confirmAnonymously(first.token)).status).toBe(200);
    expect((await me(client)).emailConfirmed).toBe(true);

    // A confirmed user asks for another link for the address they confirmed: nothing to do.
    const already = await client.post('/api/account/email/confirmation');
    expect(already.status).toBe(409);

    // Registered with their own address, they hold a link they never used; then they move the account to a stranger's.
    const own = `own${user.email}`;
    const stranger = `stranger${user.email}`;
    expect((await client.put('/api/account/profile', { email: own, currentPassword: PASSWORD })).body).toMatchObject({ email: own, emailConfirmed: false });
    const unused = linkOf(await nthConfirmation(own, 1));
    // A new address gets its link at once, even a moment after the last one (a typo fixed), and starts the cooldown.
    const moved = await client.put('/api/account/profile', { email: stranger, currentPassword: PASSWORD });
    expect(moved.body).toMatchObject({ email: stranger, emailConfirmed: false });
    await nthConfirmation(stranger, 1);
    expect((await client.post('/api/account/email/confirmation')).status).toBe(429);
    // The link for their own address cannot confirm the stranger's.
    expect((await confirmAnonymously(unused.token)).body).toEqual({ message: LINK_REFUSED, code: 'BAD_REQUEST' });
    expect((await me(client)).emailConfirmed).toBe(false);
    // Nor after they move back to the address it was sent to: it was replaced when the address changed.
    expect((await client.put('/api/account/profile', { email: own, currentPassword: PASSWORD })).status).toBe(200);
    expect((await confirmAnonymously(unused.token)).status).toBe(400);
    expect((await me(client)).emailConfirmed).toBe(false);
  });

  it('does nothing when a link for an address that is no longer the account’s is used', async () => {
    const { client, user } = await signedInClient(server, 'stale');
    const { token } = linkOf(await nthConfirmation(user.email, 1));
    // As if the link had been written for an earlier address of the account (a change racing the link's own write).
    await server.database.write((tx) =>
      tx
        .update(emailConfirmations)
        .set({ email: `earlier${user.email}` })
        .where(eq(emailConfirmations.userId, user.id)),
    );
    expect((await confirmAnonymously(token)).status).toBe(400);
    expect((await me(client)).emailConfirmed).toBe(false);
  });

  it('keeps a profile save that does not change the address confirmed', async () => {
    const { client, user } = await signedInClient(server, 'keeper');
    expect((await confirmAnonymously(linkOf(await nthConfirmation(user.email, 1)).token)).status).toBe(200);
    expect((await client.put('/api/account/profile', { name: 'Lydia Purple', email: user.email })).body).toMatchObject({
      firstName: 'Lydia',
      emailConfirmed: true,
    });
  });
});

describe('confirming', () => {
  it('confirms the link’s own account, whoever is signed in: another user’s link never confirms your address', async () => {
    const alice = await signedInClient(server, 'alicec');
    const bob = await signedInClient(server, 'bobc');
    const aliceLink = linkOf(await nthConfirmation(alice.user.email, 1));
    await nthConfirmation(bob.user.email, 1);
    const res = await bob.client.post('/api/account/email/confirm', { token: aliceLink.token });
    expect(res.status).toBe(200);
    expect((await me(bob.client)).emailConfirmed).toBe(false);
    expect((await me(alice.client)).emailConfirmed).toBe(true);
  });

  it('confirms once however many use the link at the same moment', async () => {
    const { client, user } = await signedInClient(server, 'race');
    const { token } = linkOf(await nthConfirmation(user.email, 1));
    const statuses = (await Promise.all(Array.from({ length: 10 }, () => confirmAnonymously(token)))).map((res) => res.status);
    expect(statuses.sort()).toEqual([200, ...Array(9).fill(400)]);
    expect((await me(client)).emailConfirmed).toBe(true);
  });
});

describe('asking for a new link', () => {
  it('waits a minute between links and sends at most 5 a day, the newest link replacing the older', async () => {
    const { client, user } = await signedInClient(server, 'resend');
    const registration = linkOf(await nthConfirmation(user.email, 1));
    // The registration's link was sent a moment ago.
    const soon = await client.post('/api/account/email/confirmation');
    expect(soon.status).toBe(429);
    expect(Number(soon.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(soon.headers.get('retry-after'))).toBeLessThanOrEqual(60);

    await endCooldown(user.id);
    expect(await client.post('/api/account/email/confirmation')).toMatchObject({ status: 200, body: { success: true } });
    // Sent before the answer: the mail is there now.
    expect(confirmationsTo(user.email)).toHaveLength(2);
    const newest = linkOf(confirmationsTo(user.email)[1]);
    expect(newest.token).not.toBe(registration.token);
    expect((await confirmAnonymously(registration.token)).body).toEqual({ message: LINK_REFUSED, code: 'BAD_REQUEST' });

    // Links 3 to 5 of the day, each after the cooldown; the sixth is refused however long one waits.
    for (let n = 3; n <= 5; n++) {
      await endCooldown(user.id);
      expect((await client.post('/api/account/email/confirmation')).status, `link ${n}`).toBe(200);
    }
    await endCooldown(user.id);
    const sixth = await client.post('/api/account/email/confirmation');
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(23 * 3600);
    expect(confirmationsTo(user.email)).toHaveLength(5);
    // The last link sent still works.
    expect((await confirmAnonymously(linkOf(confirmationsTo(user.email)[4]).token)).status).toBe(200);
  });

  it('sends one link of 20 asked for at once, and none from a tRPC batch', async () => {
    const { client, user } = await signedInClient(server, 'burst');
    await nthConfirmation(user.email, 1);
    await endCooldown(user.id);

    const batch = await trpcBatch(
      client,
      Array.from({ length: 3 }, () => ({ path: 'account.email.sendConfirmation', input: undefined })),
    );
    expect(batch.status).toBe(400);
    expect(JSON.stringify(batch.body)).toContain('Sign-in and account requests must be sent one at a time');
    const mixed = await trpcBatch(client, [
      { path: 'auth.me', input: undefined },
      { path: 'account.email.sendConfirmation', input: undefined },
    ]);
    expect(mixed.status).toBe(400);

    const statuses = (await Promise.all(Array.from({ length: 20 }, () => client.post('/api/account/email/confirmation')))).map((res) => res.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 429)).toHaveLength(19);
    expect(confirmationsTo(user.email)).toHaveLength(2);
  });

  it('needs a session, and answers 409 on a server without email', async () => {
    expect((await new ApiClient(server.baseUrl).post('/api/account/email/confirmation')).status).toBe(401);
    const plain = await startServer();
    try {
      const { client } = await signedInClient(plain, 'nosmtp');
      const res = await client.post('/api/account/email/confirmation');
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('Email is not set up on this server, so Sower cannot send a confirmation link.');
    } finally {
      await plain.close();
    }
  });
});

describe('reminder digests', () => {
  it('go by email only to a confirmed address', async () => {
    const { client, user } = await signedInClient(server, 'digest');
    const { token } = linkOf(await nthConfirmation(user.email, 1));
    expect((await client.put('/api/account/reminders', { remindersOn: true, hour: 8, timeZone: 'UTC' })).status).toBe(200);
    const contact = await client.post('/api/contacts', { name: 'Ana Souza' });
    expect(
      (await client.post('/api/followups', { contactId: contact.body.id, date: new Date(Date.now() - DAY).toISOString(), description: 'Call back' })).status,
    ).toBe(201);
    const digestsTo = () => smtp.received.filter((r) => r.to.includes(user.email) && isDigest(r));
    const clock = { now: Date.now() };
    const makeDue = () =>
      server.database.write((tx) =>
        tx
          .update(userSettings)
          .set({ nextDigestAt: clock.now - 1 })
          .where(eq(userSettings.userId, user.id)),
      );
    const run = testScheduler(server, smtp.url, clock);
    try {
      await makeDue();
      await run.tick();
      expect(digestsTo()).toHaveLength(0);

      expect((await confirmAnonymously(token)).status).toBe(200);
      clock.now += DAY;
      await makeDue();
      await run.tick();
      expect(digestsTo()).toHaveLength(1);
    } finally {
      await run.stop();
    }
  });
});

describe('the account export', () => {
  it('says whether the email is confirmed, and holds neither the link’s token nor its hash', async () => {
    const { client, user } = await signedInClient(server, 'exporter');
    const { token } = linkOf(await nthConfirmation(user.email, 1));
    const [{ tokenHash }] = await server.database.read.select().from(emailConfirmations).where(eq(emailConfirmations.userId, user.id));
    const res = await client.get('/api/account/export');
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ email: user.email, emailConfirmed: false });
    const text = JSON.stringify(res.body);
    expect(text).not.toContain(token);
    expect(text).not.toContain(tokenHash);
  });
});
