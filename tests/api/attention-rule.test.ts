// The needs-attention rule at its edges, run as SQL on a real (temporary) libSQL file with a fixed clock, and its reason.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client';
import { prepareDatabase } from '../../db/migrate';
import { activities, contacts, contactSnoozes, followUps, teamMembers, teams, users } from '../../db/schema';
import { attentionForDigest, attentionPage } from '../../server/nudges/attention';
import { writeSettings } from '../../server/nudges/settings';
import { attentionReason } from '../../shared/attention';
import { defaultAttentionDays } from '../../shared/nudges';

const DAY = 86_400_000;
const NOW = Date.UTC(2030, 5, 15, 12);
const daysAgo = (days: number) => new Date(NOW - days * DAY);

let dir: string;
let database: Database;
let me: number;
let other: number;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sower-attention-'));
  database = await openDatabase({ url: `file:${join(dir, 'test.db')}` });
  await prepareDatabase(database);
  const made = await database.write((tx) =>
    tx
      .insert(users)
      .values(['me', 'other'].map((name) => ({ username: name, usernameKey: name, email: `${name}@example.com`, passwordHash: 'x' })))
      .returning({ id: users.id }),
  );
  [me, other] = made.map((row) => row.id);
});
afterAll(() => {
  database.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  await database.write(async (tx) => {
    await tx.delete(contacts);
    await tx.delete(teams);
  });
});

/** A seeking contact (7 days) of `owner`, added `addedDaysAgo` days before NOW. */
async function seeker(name: string, addedDaysAgo = 100, owner = me) {
  const [row] = await database.write((tx) =>
    tx
      .insert(contacts)
      .values({ name, spiritualStatus: 'seeking', createdBy: owner, createdAt: daysAgo(addedDaysAgo) })
      .returning({ id: contacts.id }),
  );
  return row.id;
}
const activity = (contactId: number, date: Date, createdBy = me) =>
  database.write((tx) => tx.insert(activities).values({ contactId, type: 'conversation', date, createdBy }));
const followUp = (contactId: number, values: { date: Date; completed: boolean; completedAt?: Date | null }) =>
  database.write((tx) => tx.insert(followUps).values({ contactId, description: 'Visit', type: 'meeting', createdBy: me, ...values }));
const snooze = (contactId: number, until: Date, userId = me) => database.write((tx) => tx.insert(contactSnoozes).values({ userId, contactId, until }));

const list = async (now = NOW) => (await attentionPage(database.read, me, defaultAttentionDays, now, { limit: 100 })).map((item) => item.name);

describe('who needs attention', () => {
  it('comes up exactly when the threshold is reached, not a millisecond before', async () => {
    const id = await seeker('Edge');
    await activity(id, daysAgo(7));
    expect(await list()).toEqual(['Edge']);
    expect(await list(NOW - 1)).toEqual([]);
    const [item] = await attentionPage(database.read, me, defaultAttentionDays, NOW, { limit: 10 });
    expect(item).toMatchObject({ lastTouchAt: daysAgo(7), dueSince: new Date(NOW), touched: true, spiritualStatus: 'seeking' });
  });

  it('counts a never-touched contact from when it was added', async () => {
    await seeker('Fresh', 3);
    await seeker('Forgotten', 20);
    expect(await list()).toEqual(['Forgotten']);
    const [item] = await attentionPage(database.read, me, defaultAttentionDays, NOW, { limit: 10 });
    expect(item).toMatchObject({ touched: false, lastTouchAt: daysAgo(20), dueSince: daysAgo(13) });
  });

  it('leaves out a contact with any pending follow-up, even an overdue one, and brings it back once done', async () => {
    const id = await seeker('Planned');
    await followUp(id, { date: daysAgo(30), completed: false });
    expect(await list()).toEqual([]);
    await database.write((tx) => tx.update(followUps).set({ completed: true, completedAt: daysAgo(10) }));
    expect(await list()).toEqual(['Planned']);
  });

  it('resets the last touch with a completed follow-up, by when it was completed, else its date', async () => {
    const done = await seeker('Done recently');
    await activity(done, daysAgo(40));
    await followUp(done, { date: daysAgo(30), completed: true, completedAt: daysAgo(2) });
    const old = await seeker('Done long ago');
    await followUp(old, { date: daysAgo(9), completed: true, completedAt: null });
    expect(await list()).toEqual(['Done long ago']);
    const [item] = await attentionPage(database.read, me, defaultAttentionDays, NOW, { limit: 10 });
    expect(item.lastTouchAt).toEqual(daysAgo(9));
  });

  it('counts a future-dated activity once its day has come, as the contact list does, not before', async () => {
    const id = await seeker('Planned ahead');
    await activity(id, daysAgo(-3));
    const [untouched] = await attentionPage(database.read, me, defaultAttentionDays, NOW, { limit: 10 });
    expect(untouched).toMatchObject({ name: 'Planned ahead', touched: false, lastTouchAt: daysAgo(100) });
    // An activity later today (its noon at most 12 h ahead) is a touch now, never later.
    await activity(id, new Date(NOW + 11 * 60 * 60 * 1000));
    expect(await list()).toEqual([]);
    // Once its day is 7 days past, it is the last touch like any other.
    expect(await list(NOW + 10 * DAY)).toEqual(['Planned ahead']);
    const [item] = await attentionPage(database.read, me, defaultAttentionDays, NOW + 10 * DAY, { limit: 10 });
    expect(item.lastTouchAt).toEqual(daysAgo(-3));
  });

  it('counts a completed follow-up dated in the future when it was completed, never at its date', async () => {
    const id = await seeker('Done early');
    await followUp(id, { date: new Date(Date.UTC(2200, 11, 1, 12)), completed: true, completedAt: daysAgo(8) });
    const [item] = await attentionPage(database.read, me, defaultAttentionDays, NOW, { limit: 10 });
    expect(item).toMatchObject({ name: 'Done early', touched: true, lastTouchAt: daysAgo(8) });
    // One completed before completed_at was kept (migration 0011 gives those one) is never later than now.
    await followUp(id, { date: new Date(Date.UTC(2200, 11, 1, 12)), completed: true, completedAt: null });
    expect(await list()).toEqual([]);
  });

  it('leaves out a contact snoozed until later, and brings it back once the snooze has passed', async () => {
    const later = await seeker('Snoozed');
    await snooze(later, new Date(NOW + DAY));
    const past = await seeker('Snooze over');
    await snooze(past, new Date(NOW - 1));
    expect(await list()).toEqual(['Snooze over']);
    expect(await list(NOW + DAY + 1)).toEqual(['Snoozed', 'Snooze over']);
  });

  it("counts only the user's own snooze and the user's own contacts", async () => {
    const id = await seeker('Mine');
    await snooze(id, new Date(NOW + DAY), other);
    await seeker('Theirs', 100, other);
    expect(await list()).toEqual(['Mine']);
  });

  it("counts a teammate's activity the owner can see as a touch, and never one they cannot", async () => {
    const [team] = await database.write((tx) => tx.insert(teams).values({ name: 'Harvest', createdBy: me }).returning({ id: teams.id }));
    await database.write((tx) =>
      tx.insert(teamMembers).values([
        { teamId: team.id, userId: me, role: 'admin' },
        { teamId: team.id, userId: other, role: 'member' },
      ]),
    );
    const shared = await seeker('Touched by a teammate');
    await database.write((tx) =>
      tx.insert(activities).values({ contactId: shared, type: 'conversation', date: daysAgo(1), createdBy: other, teamId: team.id }),
    );
    const hidden = await seeker('Visited privately by a teammate');
    await activity(hidden, daysAgo(1), other);
    expect(await list()).toEqual(['Visited privately by a teammate']);
  });

  it('orders the most overdue first, then by id, and pages after a cursor', async () => {
    const a = await seeker('A');
    await activity(a, daysAgo(8));
    const b = await seeker('B');
    await activity(b, daysAgo(30));
    const c = await seeker('C');
    await activity(c, daysAgo(8));
    expect(await list()).toEqual(['B', 'A', 'C']);
    const first = await attentionPage(database.read, me, defaultAttentionDays, NOW, { limit: 2 });
    const next = await attentionPage(database.read, me, defaultAttentionDays, NOW, { limit: 2, cursor: first[1].contactId });
    expect(next.map((item) => item.name)).toEqual(['C']);
    // A cursor contact that has since been snoozed still marks where the page was.
    await snooze(a, new Date(NOW + DAY));
    expect((await attentionPage(database.read, me, defaultAttentionDays, NOW, { limit: 2, cursor: a })).map((item) => item.name)).toEqual(['C']);
  });

  it("uses the user's thresholds in the digest, with the total", async () => {
    const id = await seeker('Eight days');
    await activity(id, daysAgo(8));
    await seeker('Ninety days', 90);
    expect(await attentionForDigest(database.read, me, NOW, 1)).toEqual({
      total: 2,
      items: [{ contactId: expect.any(Number), name: 'Ninety days', spiritualStatus: 'seeking', lastTouchAt: daysAgo(90), stayInTouchDays: null }],
    });
    await database.write((tx) => writeSettings(tx, me, { attentionDays: { seeking: 10 } }));
    expect(await attentionForDigest(database.read, me, NOW, 5)).toMatchObject({ total: 1, items: [{ name: 'Ninety days' }] });
  });
});

describe('the reason', () => {
  it('counts calendar days in the given time zone, and says "added" for a contact never touched', () => {
    const now = new Date('2030-06-15T01:00:00Z');
    const item = { spiritualStatus: 'seeking' as const, lastTouchAt: new Date('2030-06-03T12:00:00Z'), touched: true };
    expect(attentionReason(item, now, 'UTC')).toEqual({ status: 'seeking', kind: 'talked', days: 12 });
    // In Los Angeles it is still the 14th.
    expect(attentionReason(item, now, 'America/Los_Angeles').days).toBe(11);
    expect(attentionReason({ ...item, touched: false }, now, 'UTC').kind).toBe('added');
    expect(attentionReason({ ...item, lastTouchAt: now }, now, 'UTC').days).toBe(0);
  });
});
