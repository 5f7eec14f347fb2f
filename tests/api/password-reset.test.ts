// "Forgot password?" (issue 33) over a real server, database and SMTP server: the same answer for every name, a link
// only to a confirmed address, once, within the hour; two-factor sign-in still asked; every session ended and the owner
// told; the limits per address and per account, in a batch, a burst and from many addresses.
import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { generateHOTP } from '@oslojs/otp';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { stepOf } from '../../server/security/twoFactor';
import { ApiClient, requestFrom, signedInClient, startServer } from './harness';
import { confirmAddress, mailingServerForFile, until, type Received } from './mail';
import { trpcBatch } from './trpc';

const PASSWORD = 'correct horse battery';
const NEW_PASSWORD = 'a brand new passphrase';
const ASKED =
  'If that is the username or email of an account with a confirmed email address, a link to choose a new password is on its way there. It works for one hour.';
const LINK_REFUSED =
  'This reset link does not work. It may have been used already, be more than an hour old, or have been replaced by a newer one. Ask for a new link on the sign-in page.';

const { smtp, server } = mailingServerForFile();

const resetMailsTo = (email: string) => smtp.received.filter((r) => r.to.includes(email) && /\/reset-password\?token=/.test(r.mail.text ?? ''));
const noticesTo = (email: string) => smtp.received.filter((r) => r.to.includes(email) && r.mail.subject === 'Your Sower password was changed');

function tokenOf({ mail }: Received) {
  const match = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text ?? '');
  if (!match) throw new Error(`no reset link in: ${mail.text}`);
  return match[1];
}

/** A user whose address is confirmed, signed in on `client`. */
async function confirmedUser(prefix: string) {
  const signedIn = await signedInClient(server, prefix);
  await confirmAddress(server.database, signedIn.user.id);
  return signedIn;
}

/** Asks for a link for `identifier` as a guest and waits for the `n`th mail to `email`: its token. */
let asks = 0;
async function mailedToken(identifier: string, email: string, n = 1) {
  // Each from an address of its own: the tests' asks together would pass one address's limit.
  const asked = await requestFrom(`127.0.40.${++asks}`, server.baseUrl, 'POST', '/api/auth/password-reset', { identifier });
  expect(asked.status).toBe(200);
  return tokenOf(await until(() => resetMailsTo(email)[n - 1], `reset mail ${n} to ${email}`));
}

/** Lets the account's next link go out at once (a fixture for moving past the minute's cooldown). */
const endCooldown = (userId: number) => server.database.write((tx) => tx.run(sql`delete from attempts where key = ${`password-reset:cooldown:${userId}`}`));

const signIn = (username: string, password: string) => new ApiClient(server.baseUrl).post('/api/auth/login', { username, password });

describe('asking for a reset link', () => {
  it('answers the same for a username, an email, an unconfirmed account and nobody; mails only the confirmed address', async () => {
    const { user } = await confirmedUser('forgetful');
    const { user: unconfirmed } = await signedInClient(server, 'unconfirmed');
    const answers: { status: number; body: unknown; cookie: string | null }[] = [];
    for (const identifier of [user.username, user.email.toUpperCase(), unconfirmed.username, 'nobody-has-this-name', 'nobody@example.org']) {
      const res = await new ApiClient(server.baseUrl).post('/api/auth/password-reset', { identifier });
      answers.push({ status: res.status, body: res.body, cookie: res.headers.get('set-cookie') });
    }
    expect(answers.every((answer) => JSON.stringify(answer) === JSON.stringify(answers[0]))).toBe(true);
    expect(answers[0]).toEqual({ status: 200, body: { message: ASKED }, cookie: null });

    // The first ask sends the link; the second, by email a moment later, waits for the account's cooldown.
    const mail = await until(() => resetMailsTo(user.email)[0], 'the reset mail');
    expect(mail.mail.subject).toBe('Choose a new password for Sower');
    expect(mail.mail.text).toContain('This link works once and expires in 1 hour.');
    expect(mail.mail.text).not.toContain(user.username);
    // Nothing for the unconfirmed address (its owner never showed it is theirs); the confirmed one got one link.
    await until(async () => (await server.count('security_events', "event = 'password-reset-requested'")) >= 1, 'the log entry');
    expect(resetMailsTo(unconfirmed.email)).toHaveLength(0);
    expect(resetMailsTo(user.email)).toHaveLength(1);
    // Stored hashed: the token is nowhere in the database.
    const stored = await server.rows('select token_hash from password_resets where user_id = ?', [user.id]);
    expect(stored).toHaveLength(1);
    expect(String(stored[0].token_hash)).not.toBe(tokenOf(mail));
  });

  it('refuses empty and over-long names with 400, changing nothing', async () => {
    const guest = new ApiClient(server.baseUrl);
    for (const body of [{}, { identifier: '' }, { identifier: '   ' }, { identifier: 'x'.repeat(255) }, { identifier: 42 }]) {
      const res = await guest.post('/api/auth/password-reset', body);
      expect(res.status).toBe(400);
      expect(res.body.issues).toEqual([{ path: 'identifier', message: 'Enter your username or email' }]);
    }
  });

  it('counts every ask from an address, in one batch and from many addresses for one account', async () => {
    const { user } = await confirmedUser('batched');
    const source = '127.0.33.1';
    const answers = await Promise.all(
      Array.from({ length: 14 }, () => requestFrom(source, server.baseUrl, 'POST', '/api/auth/password-reset', { identifier: user.username })),
    );
    expect(answers.filter((res) => res.status === 200)).toHaveLength(10);
    expect(answers.filter((res) => res.status === 429)).toHaveLength(4);
    expect(Number(answers.find((res) => res.status === 429)!.headers.get('retry-after'))).toBeGreaterThan(0);

    // A tRPC batch of asks (within the 10 calls a batch may hold) is refused whole, as every sign-in call is (shared/batching.ts): none of it counts.
    const batch = await trpcBatch(
      new ApiClient(server.baseUrl),
      Array.from({ length: 5 }, () => ({ path: 'auth.passwordReset.request', input: { identifier: user.username } })),
    );
    expect(batch.status).toBe(400);
    expect(JSON.stringify(batch.body)).toContain('Sign-in and account requests must be sent one at a time');
  });

  it('mails one account at most once a minute and 5 times a day, however many addresses ask', async () => {
    const { user } = await confirmedUser('popular');
    const cooldownKey = `password-reset:cooldown:${user.id}`;
    // Twenty addresses at once, then six more asks a minute apart: five mails in all.
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => requestFrom(`127.0.34.${i + 1}`, server.baseUrl, 'POST', '/api/auth/password-reset', { identifier: user.email })),
    );
    await until(() => resetMailsTo(user.email)[0], 'the first mail');
    await until(async () => (await server.count('attempts', 'key = ? and count = 1', [cooldownKey])) === 1, 'the asks counted');
    // Each ask after the minute, one at a time: each is counted (its cooldown counter written) before the next.
    for (let n = 2; n <= 7; n++) {
      await endCooldown(user.id);
      expect((await requestFrom(`127.0.35.${n}`, server.baseUrl, 'POST', '/api/auth/password-reset', { identifier: user.username })).status).toBe(200);
      await until(async () => (await server.count('attempts', 'key = ?', [cooldownKey])) === 1, `ask ${n} counted`);
    }
    await until(() => resetMailsTo(user.email)[4], 'the fifth mail');
    expect(await server.rows('select count from attempts where key = ?', [`password-reset:day:${user.id}`])).toEqual([{ count: 5 }]);
    expect(resetMailsTo(user.email)).toHaveLength(5);
  });
});

describe('using a reset link', () => {
  it('sets the new password once, ends every session, signs this device in and tells the owner', async () => {
    const { client: laptop, user } = await confirmedUser('reset');
    const phone = new ApiClient(server.baseUrl);
    expect((await phone.post('/api/auth/login', { username: user.username, password: PASSWORD })).status).toBe(200);
    const token = await mailedToken(user.username, user.email);

    const guest = new ApiClient(server.baseUrl);
    expect((await guest.post('/api/auth/password-reset/check', { token })).body).toEqual({ twoFactor: false });
    const short = await guest.post('/api/auth/password-reset/complete', { token, password: 'short' });
    expect(short.status).toBe(400);
    expect(short.body.issues).toEqual([{ path: 'password', message: 'Password must be at least 8 characters' }]);

    const done = await guest.post('/api/auth/password-reset/complete', { token, password: NEW_PASSWORD });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({
      user: expect.objectContaining({ id: user.id, username: user.username }),
      message: 'Your password is changed, and you are signed in.',
    });
    expect((await guest.get('/api/auth/me')).status).toBe(200);
    // Every session the account had is gone.
    expect((await laptop.get('/api/auth/me')).status).toBe(401);
    expect((await phone.get('/api/auth/me')).status).toBe(401);
    expect(await server.count('sessions', 'user_id = ?', [user.id])).toBe(1);
    // The new password signs in; the old one does not.
    expect((await signIn(user.username, PASSWORD)).status).toBe(401);
    expect((await signIn(user.username, NEW_PASSWORD)).status).toBe(200);
    // Once.
    const again = await new ApiClient(server.baseUrl).post('/api/auth/password-reset/complete', { token, password: 'yet another password' });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(LINK_REFUSED);
    expect((await new ApiClient(server.baseUrl).post('/api/auth/password-reset/check', { token })).status).toBe(400);

    const notice = await until(() => noticesTo(user.email)[0], 'the notice');
    expect(notice.mail.text).toContain('every other device was signed out');
    const log = (await guest.get('/api/account/security-log')).body as { event: string }[];
    const events = log.map((entry) => entry.event);
    expect(events.indexOf('password-reset')).toBeGreaterThan(events.indexOf('sign-in'));
    expect(events.indexOf('password-reset-requested')).toBeGreaterThan(events.indexOf('password-reset'));
  });

  it('refuses an expired link and one a newer link replaced, with the same words', async () => {
    const { user } = await confirmedUser('expiring');
    const first = await mailedToken(user.username, user.email);
    await endCooldown(user.id);
    const second = await mailedToken(user.username, user.email, 2);
    const replaced = await new ApiClient(server.baseUrl).post('/api/auth/password-reset/complete', { token: first, password: NEW_PASSWORD });
    expect([replaced.status, replaced.body.message]).toEqual([400, LINK_REFUSED]);
    // Within the hour: the stored expiry is an hour after the link was made.
    const [row] = await server.rows('select expires_at - created_at as ttl from password_resets where user_id = ?', [user.id]);
    expect(Number(row.ttl)).toBe(60 * 60_000);
    await server.database.write((tx) => tx.run(sql`update password_resets set expires_at = ${Date.now() - 1} where user_id = ${user.id}`));
    const expired = await new ApiClient(server.baseUrl).post('/api/auth/password-reset/complete', { token: second, password: NEW_PASSWORD });
    expect([expired.status, expired.body.message]).toEqual([400, LINK_REFUSED]);
    expect((await signIn(user.username, PASSWORD)).status).toBe(200);
  });

  it('lets exactly one of ten resets sent together with one link through', async () => {
    const { user } = await confirmedUser('racing');
    const token = await mailedToken(user.username, user.email);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        new ApiClient(server.baseUrl).post('/api/auth/password-reset/complete', { token, password: `new password number ${i}` }),
      ),
    );
    expect(answers.filter((res) => res.status === 200)).toHaveLength(1);
    expect(answers.filter((res) => res.status === 400)).toHaveLength(9);
    const winner = answers.findIndex((res) => res.status === 200);
    expect((await signIn(user.username, `new password number ${winner}`)).status).toBe(200);
  });

  it('still asks for the second factor, counts wrong codes on the link, and accepts a code once', async () => {
    const { client, user } = await confirmedUser('twofactor');
    const setup = await client.post('/api/account/2fa/setup', { password: PASSWORD });
    const secret = decodeBase32IgnorePadding(setup.body.secret);
    const codeAt = (step: number) => generateHOTP(secret, BigInt(step), 6);
    const enabledAt = stepOf(new Date());
    const enabled = await client.post('/api/account/2fa/enable', { code: codeAt(enabledAt) });
    expect(enabled.status).toBe(200);

    const token = await mailedToken(user.username, user.email);
    const guest = new ApiClient(server.baseUrl);
    expect((await guest.post('/api/auth/password-reset/check', { token })).body).toEqual({ twoFactor: true });
    const bare = await guest.post('/api/auth/password-reset/complete', { token, password: NEW_PASSWORD });
    expect([bare.status, bare.body.issues]).toEqual([400, [{ path: 'code', message: 'Enter the 6-digit code from your authenticator app' }]]);
    // The code the setup used is spent.
    const reused = await guest.post('/api/auth/password-reset/complete', { token, password: NEW_PASSWORD, code: codeAt(enabledAt) });
    expect([reused.status, reused.body.issues]).toEqual([
      400,
      [{ path: 'code', message: 'That code is not right. Check your authenticator app and try again.' }],
    ]);
    const wrongRecovery = await guest.post('/api/auth/password-reset/complete', { token, password: NEW_PASSWORD, recoveryCode: 'AAAAA-AAAAA' });
    expect([wrongRecovery.status, wrongRecovery.body.issues]).toEqual([
      400,
      [{ path: 'recoveryCode', message: 'That recovery code is not right or was used already.' }],
    ]);
    expect((await signIn(user.username, PASSWORD)).body).toMatchObject({ twoFactorRequired: true });

    // A right recovery code resets the password (and is spent).
    const recovered = await guest.post('/api/auth/password-reset/complete', { token, password: NEW_PASSWORD, recoveryCode: enabled.body.recoveryCodes[0] });
    expect(recovered.status).toBe(200);
    expect((await signIn(user.username, NEW_PASSWORD)).body).toMatchObject({ twoFactorRequired: true });
  });

  it('ends the link after five wrong codes, even sent together, and a right code then finds it gone', async () => {
    const { client, user } = await confirmedUser('guessing');
    const setup = await client.post('/api/account/2fa/setup', { password: PASSWORD });
    const secret = decodeBase32IgnorePadding(setup.body.secret);
    const step = stepOf(new Date());
    expect((await client.post('/api/account/2fa/enable', { code: generateHOTP(secret, BigInt(step), 6) })).status).toBe(200);
    const token = await mailedToken(user.username, user.email);
    const right = generateHOTP(secret, BigInt(step + 1), 6);
    const wrong = right === '000000' ? '111111' : '000000';
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => new ApiClient(server.baseUrl).post('/api/auth/password-reset/complete', { token, password: NEW_PASSWORD, code: wrong })),
    );
    expect(answers.filter((res) => res.body.issues?.[0]?.path === 'code')).toHaveLength(5);
    expect(answers.filter((res) => res.body.message === LINK_REFUSED)).toHaveLength(3);
    const late = await new ApiClient(server.baseUrl).post('/api/auth/password-reset/complete', { token, password: NEW_PASSWORD, code: right });
    expect([late.status, late.body.message]).toEqual([400, LINK_REFUSED]);
    expect(await server.count('password_resets', 'user_id = ?', [user.id])).toBe(1);
    expect((await signIn(user.username, PASSWORD)).body).toMatchObject({ twoFactorRequired: true });
  });

  it('takes the owner’s right code from their own address after someone else’s wrong codes used up theirs', async () => {
    const { client, user } = await confirmedUser('lockedout');
    const setup = await client.post('/api/account/2fa/setup', { password: PASSWORD });
    const secret = decodeBase32IgnorePadding(setup.body.secret);
    const step = stepOf(new Date());
    expect((await client.post('/api/account/2fa/enable', { code: generateHOTP(secret, BigInt(step), 6) })).status).toBe(200);
    const near = new Set([-1, 0, 1, 2, 3].map((d) => generateHOTP(secret, BigInt(step + d), 6)));
    const wrong = ['999999', '000000', '123456'].find((code) => !near.has(code))!;
    // Someone who knows the password sends 10 wrong codes over fresh sign-in tickets, from their address.
    for (let round = 0; round < 2; round++) {
      const ticket = (await requestFrom('127.0.52.1', server.baseUrl, 'POST', '/api/auth/login', { username: user.username, password: PASSWORD })).body.ticket;
      const tries = await Promise.all(
        Array.from({ length: 5 }, () => requestFrom('127.0.52.1', server.baseUrl, 'POST', '/api/auth/login/2fa', { ticket, code: wrong })),
      );
      expect(tries.map((r) => r.status)).toEqual([401, 401, 401, 401, 401]);
    }
    // The owner resets their password from their own address with the right code.
    const token = await mailedToken(user.username, user.email);
    const reset = await requestFrom('127.0.52.2', server.baseUrl, 'POST', '/api/auth/password-reset/complete', {
      token,
      password: NEW_PASSWORD,
      code: generateHOTP(secret, BigInt(step + 1), 6),
    });
    expect(reset.status).toBe(200);
  });

  it('refuses malformed tokens and bodies with 400', async () => {
    const guest = new ApiClient(server.baseUrl);
    for (const body of [{}, { token: '' }, { token: 'x'.repeat(101) }, { token: 7 }, { token: "' or 1=1 --" }]) {
      const check = await guest.post('/api/auth/password-reset/check', body);
      expect([check.status, check.body.message]).toEqual([400, LINK_REFUSED]);
      expect((await guest.post('/api/auth/password-reset/complete', { ...body, password: NEW_PASSWORD })).status).toBe(400);
    }
    expect(
      (await guest.post('/api/auth/password-reset/complete', { token: 'abc', password: NEW_PASSWORD, code: '123456', recoveryCode: 'AAAAA-AAAAA' })).status,
    ).toBe(400);
  });
});

describe('a server without email', () => {
  it('says so, and mails nothing', async () => {
    const plain = await startServer();
    try {
      const guest = new ApiClient(plain.baseUrl);
      expect((await guest.get('/api/auth/password-reset')).body).toEqual({ byEmail: false });
      const asked = await guest.post('/api/auth/password-reset', { identifier: 'anyone' });
      expect(asked.status).toBe(409);
      expect(asked.body.message).toBe('This server does not send email, so it cannot mail you a reset link. Ask the person who runs Sower for one.');
    } finally {
      await plain.close();
    }
    expect((await new ApiClient(server.baseUrl).get('/api/auth/password-reset')).body).toEqual({ byEmail: true });
  });
});
