// Two-factor sign-in (issue 33) over a real server and database: setup, codes at the server's clock, recovery codes,
// the second step's ticket and its limits, and turning it off.
import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { generateHOTP } from '@oslojs/otp';
import { describe, expect, it } from 'vitest';
import { ApiClient, requestFrom, serverForFile, signedInClient } from './harness';
import { stepOf } from '../../server/security/twoFactor';

const PASSWORD = 'correct horse battery';
const server = serverForFile();

/** The authenticator app's code for a step (now's by default). */
const codeAt = (secret: string, step = stepOf(new Date())) => generateHOTP(decodeBase32IgnorePadding(secret), BigInt(step), 6);

/** A six-digit code that is none of the codes the server would take in the next minute. */
function wrongCodeFor(secret: string) {
  const now = stepOf(new Date());
  const near = new Set([-1, 0, 1, 2, 3].map((d) => codeAt(secret, now + d)));
  return ['999999', '000000', '123456'].find((code) => !near.has(code))!;
}

/** A user with two-factor sign-in on: their secret, recovery codes and the step the confirming code used. */
async function withTwoFactor(prefix: string) {
  const { client, user } = await signedInClient(server, prefix);
  const setup = await client.post('/api/account/2fa/setup', { password: PASSWORD });
  expect(setup.status).toBe(200);
  const step = stepOf(new Date());
  const enabled = await client.post('/api/account/2fa/enable', { code: codeAt(setup.body.secret, step) });
  expect(enabled.status).toBe(200);
  return { client, user, secret: setup.body.secret as string, recoveryCodes: enabled.body.recoveryCodes as string[], usedStep: step };
}

async function firstStep(username: string) {
  const client = new ApiClient(server.baseUrl);
  const res = await client.post('/api/auth/login', { username, password: PASSWORD });
  return { client, res };
}

describe('setting two-factor sign-in up', () => {
  it('needs the password, offers a secret, and changes nothing until a code confirms it', async () => {
    const { client, user } = await signedInClient(server, 'setup');
    const wrong = await client.post('/api/account/2fa/setup', { password: 'not my password' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.issues).toEqual([{ path: 'password', message: 'Password is incorrect' }]);
    const setup = await client.post('/api/account/2fa/setup', { password: PASSWORD });
    expect(setup.status).toBe(200);
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.otpauthUrl).toBe(
      `otpauth://totp/Sower:${encodeURIComponent(user.username)}?issuer=Sower&algorithm=SHA1&secret=${setup.body.secret}&period=30&digits=6`,
    );
    expect((await client.get('/api/account/2fa')).body).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    // Still one step: the pending secret does not guard sign-in.
    expect((await firstStep(user.username)).res.body).toMatchObject({ user: { id: user.id } });

    const bad = await client.post('/api/account/2fa/enable', { code: '000000' === codeAt(setup.body.secret) ? '111111' : '000000' });
    expect(bad.status).toBe(400);
    expect(bad.body.issues).toEqual([{ path: 'code', message: 'That code is not right. Check your authenticator app and try again.' }]);
    const good = await client.post('/api/account/2fa/enable', { code: codeAt(setup.body.secret) });
    expect(good.status).toBe(200);
    expect(good.body.recoveryCodes).toHaveLength(10);
    expect(new Set(good.body.recoveryCodes).size).toBe(10);
    for (const code of good.body.recoveryCodes) expect(code).toMatch(/^[A-Z2-7]{5}-[A-Z2-7]{5}$/);
    // Kept hashed: no code is in the database as shown.
    const stored = (await server.rows('select code_hash from recovery_codes where user_id = ?', [user.id])).map((row) => String(row.code_hash));
    expect(stored).toHaveLength(10);
    for (const code of good.body.recoveryCodes) expect(stored.join()).not.toContain(code.replace('-', ''));
    expect((await client.get('/api/account/2fa')).body).toEqual({ enabled: true, recoveryCodesLeft: 10 });
    expect((await client.post('/api/account/2fa/enable', { code: codeAt(setup.body.secret) })).status).toBe(409);
    expect((await client.post('/api/account/2fa/setup', { password: PASSWORD })).status).toBe(409);
    expect((await client.get('/api/account/security-log')).body[0]).toMatchObject({ event: 'two-factor-enabled' });
    // Never in the account's export.
    expect(JSON.stringify((await client.get('/api/account/export')).body)).not.toContain(setup.body.secret);
  });
});

describe('signing in with a second factor', () => {
  it('answers a ticket and no session for the right password, then signs in with a code, each code once', async () => {
    const { user, secret, usedStep } = await withTwoFactor('second');
    const { client, res } = await firstStep(user.username);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ twoFactorRequired: true, ticket: expect.stringMatching(/^[\w-]{43}$/) });
    expect(res.headers.getSetCookie().join()).not.toContain('sower_session=');
    expect((await client.get('/api/auth/me')).status).toBe(401);

    // The code that turned it on was accepted once already; the next step's is fine (one step of drift).
    const used = await client.post('/api/auth/login/2fa', { ticket: res.body.ticket, code: codeAt(secret, usedStep) });
    expect(used.status).toBe(401);
    expect(used.body.message).toBe('That code is not right. Check your authenticator app and try again.');
    const next = codeAt(secret, usedStep + 1);
    const signedIn = await client.post('/api/auth/login/2fa', { ticket: res.body.ticket, code: next });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toMatchObject({ user: { id: user.id }, message: 'Login successful' });
    expect((await client.get('/api/auth/me')).status).toBe(200);
    // The ticket is spent, and the same code with a new ticket is refused.
    expect((await client.post('/api/auth/login/2fa', { ticket: res.body.ticket, code: next })).body.message).toBe(
      'This sign-in has expired. Please sign in again.',
    );
    const again = await firstStep(user.username);
    expect((await again.client.post('/api/auth/login/2fa', { ticket: again.res.body.ticket, code: next })).status).toBe(401);
  });

  it('accepts one code sent twice at once only once', async () => {
    const { user, secret, usedStep } = await withTwoFactor('twice');
    const steps = [await firstStep(user.username), await firstStep(user.username)];
    const answers = await Promise.all(
      steps.map(({ client, res }) => client.post('/api/auth/login/2fa', { ticket: res.body.ticket, code: codeAt(secret, usedStep + 1) })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 401]);
  });

  it('takes a recovery code, in any case and without its dash, once', async () => {
    const { user, recoveryCodes, client: owner } = await withTwoFactor('recover');
    const { client, res } = await firstStep(user.username);
    const recoveryCode = recoveryCodes[3].replace('-', '').toLowerCase();
    expect((await client.post('/api/auth/login/2fa', { ticket: res.body.ticket, recoveryCode })).status).toBe(200);
    const again = await firstStep(user.username);
    const reused = await again.client.post('/api/auth/login/2fa', { ticket: again.res.body.ticket, recoveryCode: recoveryCodes[3] });
    expect(reused.status).toBe(401);
    expect(reused.body.message).toBe('That recovery code is not right or was used already.');
    expect((await owner.get('/api/account/2fa')).body).toEqual({ enabled: true, recoveryCodesLeft: 9 });
    expect((await owner.get('/api/account/security-log')).body.map((e: { event: string }) => e.event)).toContain('recovery-code-used');
  });

  it('ends a ticket after 5 wrong codes, also sent together, and after 5 minutes', async () => {
    const { user, secret, usedStep } = await withTwoFactor('ticket');
    const { client, res } = await firstStep(user.username);
    const wrong = await Promise.all(Array.from({ length: 12 }, () => client.post('/api/auth/login/2fa', { ticket: res.body.ticket, code: '999999' })));
    const refusals = wrong.map((r) => r.body.message);
    // Of 12 at once, 5 were tried (unless 999999 happened to be right) and 7 found the ticket spent.
    expect(refusals.filter((m) => m === 'This sign-in has expired. Please sign in again.').length).toBeGreaterThanOrEqual(7);
    const late = await client.post('/api/auth/login/2fa', { ticket: res.body.ticket, code: codeAt(secret, usedStep + 1) });
    expect(late.body.message).toBe('This sign-in has expired. Please sign in again.');

    const fresh = await firstStep(user.username);
    await server.database.writerClient.execute({ sql: 'update sign_in_tickets set expires_at = ? where user_id = ?', args: [Date.now() - 1, user.id] });
    const expired = await fresh.client.post('/api/auth/login/2fa', { ticket: fresh.res.body.ticket, code: codeAt(secret, usedStep + 1) });
    expect(expired.status).toBe(401);
    expect(expired.body.message).toBe('This sign-in has expired. Please sign in again.');
    expect((await fresh.client.get('/api/auth/me')).status).toBe(401);
  });

  it('ends a waiting sign-in when the password changes, or when the owner ends the other sessions', async () => {
    const { client, user, recoveryCodes } = await withTwoFactor('halfway');
    const beforeChange = await firstStep(user.username);
    expect((await client.post('/api/account/password', { currentPassword: PASSWORD, newPassword: 'another long password' })).status).toBe(200);
    const afterChange = await beforeChange.client.post('/api/auth/login/2fa', { ticket: beforeChange.res.body.ticket, recoveryCode: recoveryCodes[0] });
    expect(afterChange.status).toBe(401);
    expect(afterChange.headers.get('set-cookie')).toBeNull();

    const waiting = await new ApiClient(server.baseUrl).post('/api/auth/login', { username: user.username, password: 'another long password' });
    expect(waiting.body.twoFactorRequired).toBe(true);
    expect((await client.post('/api/account/sessions/end-others')).status).toBe(200);
    const afterEnding = await new ApiClient(server.baseUrl).post('/api/auth/login/2fa', { ticket: waiting.body.ticket, recoveryCode: recoveryCodes[0] });
    expect(afterEnding.status).toBe(401);
    // The code was not spent on the refused tickets: a sign-in begun now takes it.
    const now = await new ApiClient(server.baseUrl).post('/api/auth/login', { username: user.username, password: 'another long password' });
    expect((await new ApiClient(server.baseUrl).post('/api/auth/login/2fa', { ticket: now.body.ticket, recoveryCode: recoveryCodes[0] })).status).toBe(200);
  });

  it('keeps an account’s newest 3 waiting sign-ins: a fourth ends the oldest', async () => {
    const { user, secret, usedStep } = await withTwoFactor('tickets');
    const steps = [];
    for (let i = 0; i < 4; i++) steps.push(await firstStep(user.username));
    expect(await server.count('sign_in_tickets', 'user_id = ?', [user.id])).toBe(3);
    const oldest = await steps[0].client.post('/api/auth/login/2fa', { ticket: steps[0].res.body.ticket, code: codeAt(secret, usedStep + 1) });
    expect(oldest.body.message).toBe('This sign-in has expired. Please sign in again.');
    expect((await steps[3].client.post('/api/auth/login/2fa', { ticket: steps[3].res.body.ticket, code: codeAt(secret, usedStep + 1) })).status).toBe(200);
  });

  it('limits codes per account and address like passwords, across tickets, and the owner’s own address keeps its allowance', async () => {
    const { user, secret, usedStep } = await withTwoFactor('limits');
    const attacker = '127.0.50.1';
    const wrong = wrongCodeFor(secret);
    // Someone who knows the password, from one address: tickets one after another, each with 5 wrong codes at once.
    const statuses: number[] = [];
    for (let round = 0; round < 3; round++) {
      const ticket = (await requestFrom(attacker, server.baseUrl, 'POST', '/api/auth/login', { username: user.username, password: PASSWORD })).body.ticket;
      const tries = await Promise.all(
        Array.from({ length: 5 }, () => requestFrom(attacker, server.baseUrl, 'POST', '/api/auth/login/2fa', { ticket, code: wrong })),
      );
      statuses.push(...tries.map((r) => r.status));
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    // The attacker's address now waits, even with the right code; the owner's own does not.
    const attackerTicket = (await requestFrom(attacker, server.baseUrl, 'POST', '/api/auth/login', { username: user.username, password: PASSWORD })).body
      .ticket;
    const held = await requestFrom(attacker, server.baseUrl, 'POST', '/api/auth/login/2fa', { ticket: attackerTicket, code: codeAt(secret, usedStep + 1) });
    expect(held.status).toBe(429);
    const ownTicket = (await requestFrom('127.0.50.2', server.baseUrl, 'POST', '/api/auth/login', { username: user.username, password: PASSWORD })).body.ticket;
    const owner = await requestFrom('127.0.50.2', server.baseUrl, 'POST', '/api/auth/login/2fa', { ticket: ownTicket, code: codeAt(secret, usedStep + 1) });
    expect(owner.status).toBe(200);
  });

  it('limits codes per address whatever the account: after 50 wrong ones over five accounts, a sixth cannot start', async () => {
    const accounts = await Promise.all(Array.from({ length: 6 }, (_, i) => withTwoFactor(`spread${i}`)));
    const address = '127.0.51.1';
    const codes: number[] = [];
    for (const { user, secret } of accounts.slice(0, 5)) {
      for (let round = 0; round < 2; round++) {
        const ticket = (await requestFrom(address, server.baseUrl, 'POST', '/api/auth/login', { username: user.username, password: PASSWORD })).body.ticket;
        const tries = await Promise.all(
          Array.from({ length: 5 }, () => requestFrom(address, server.baseUrl, 'POST', '/api/auth/login/2fa', { ticket, code: wrongCodeFor(secret) })),
        );
        codes.push(...tries.map((r) => r.status));
      }
    }
    expect(codes.filter((s) => s === 401)).toHaveLength(50);
    const sixth = await requestFrom(address, server.baseUrl, 'POST', '/api/auth/login', { username: accounts[5].user.username, password: PASSWORD });
    expect(sixth.status).toBe(429);
  });

  it('refuses a malformed second step with 400 and changes nothing', async () => {
    const client = new ApiClient(server.baseUrl);
    for (const body of [
      {},
      { ticket: 'x' },
      { ticket: 'x', code: '12345' },
      { ticket: 'x', code: '123456', recoveryCode: 'AAAAA-BBBBB' },
      { ticket: 'x'.repeat(500), code: '123456' },
    ]) {
      expect((await client.post('/api/auth/login/2fa', body)).status).toBe(400);
    }
  });
});

describe('turning two-factor sign-in off', () => {
  it('needs the password and a code (or a recovery code); sign-in is one step again', async () => {
    const { client, user, secret, usedStep, recoveryCodes } = await withTwoFactor('off');
    expect((await client.post('/api/account/2fa/disable', { password: 'not it', code: codeAt(secret, usedStep + 1) })).status).toBe(400);
    const wrongCode = await client.post('/api/account/2fa/disable', { password: PASSWORD, code: '999999' === codeAt(secret) ? '111111' : '999999' });
    expect(wrongCode.status).toBe(400);
    expect(wrongCode.body.issues).toEqual([{ path: 'code', message: 'That code is not right. Check your authenticator app and try again.' }]);
    expect((await client.get('/api/account/2fa')).body.enabled).toBe(true);
    expect((await client.post('/api/account/2fa/disable', { password: PASSWORD, code: recoveryCodes[0] })).status).toBe(200);
    expect((await client.get('/api/account/2fa')).body).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    expect(await server.count('recovery_codes', 'user_id = ?', [user.id])).toBe(0);
    expect((await client.get('/api/account/security-log')).body[0]).toMatchObject({ event: 'two-factor-disabled' });
    expect((await firstStep(user.username)).res.body).toMatchObject({ user: { id: user.id } });
    expect((await client.post('/api/account/2fa/disable', { password: PASSWORD, code: codeAt(secret) })).status).toBe(409);
  });
});
