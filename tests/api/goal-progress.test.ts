// A goal's progress is counted from the records in its period, so it follows every add, edit, move and delete
// (issue 13 item 4): activities of its type dated from its start (its creation, or a chosen start date) to its deadline
// and not in the future, contacts created in it for new_contact; the typed 'current progress' is an adjustment on top.
import { describe, expect, it } from 'vitest';
import { eq, getTableColumns } from 'drizzle-orm';
import { activities, contacts, goals, teams } from '../../db/schema';
import { goalProgress } from '../../server/domain/goals';
import { daysFromNow, goalBody, joinTeam, serverForFile, signedInClient } from './harness';

const server = serverForFile();

async function person(prefix: string) {
  const { client, user } = await signedInClient(server, prefix);
  const contactId = (await client.post('/api/contacts', { name: 'Known' })).body.id as number;
  const goal = async (type: string, extra: Record<string, unknown> = {}) => {
    const res = await client.post('/api/goals', goalBody(type, extra));
    expect(res.status).toBe(201);
    return res.body.id as number;
  };
  const log = async (type: string, extra: Record<string, unknown> = {}) => {
    const res = await client.post('/api/activities', { type, contactId, ...extra });
    expect(res.status).toBe(201);
    return res.body as { id: number; contactId: number };
  };
  const progress = async (goalId: number) => {
    const res = await client.get(`/api/goals/${goalId}`);
    expect(res.status).toBe(200);
    return res.body.currentCount as number;
  };
  return { client, user, contactId, goal, log, progress };
}

describe('what a goal counts', () => {
  it('counts the activities of its type, only its owner’s, and each goal of that type', async () => {
    const me = await person('counter');
    const other = await person('counter-other');
    const conversation = await me.goal('conversation');
    const second = await me.goal('conversation');
    const presentation = await me.goal('gospel_presentation');
    const foreign = await other.goal('conversation');
    await me.log('conversation');
    await me.log('gospel_presentation');
    expect(await me.progress(conversation)).toBe(1);
    expect(await me.progress(second)).toBe(1);
    expect(await me.progress(presentation)).toBe(1);
    expect(await other.progress(foreign)).toBe(0);
    const listed = (await me.client.get('/api/goals')).body as { id: number; currentCount: number }[];
    expect(listed.find((g) => g.id === conversation)?.currentCount).toBe(1);
  });

  it('does not count activities dated before the goal began, nor after its deadline, nor in the future', async () => {
    const me = await person('period');
    await me.log('gospel_presentation', { date: daysFromNow(-60) });
    const goal = await me.goal('gospel_presentation');
    expect(await me.progress(goal)).toBe(0);
    await me.log('gospel_presentation', { date: daysFromNow(3) });
    expect(await me.progress(goal)).toBe(0);
    await me.log('gospel_presentation', { date: daysFromNow(40) });
    expect(await me.progress(goal)).toBe(0);
    await me.log('gospel_presentation');
    expect(await me.progress(goal)).toBe(1);
  });

  it('counts from a chosen start date, and ends at a deadline in the past', async () => {
    const me = await person('started');
    await me.log('conversation', { date: daysFromNow(-50) });
    await me.log('conversation', { date: daysFromNow(-20) });
    await me.log('conversation', { date: daysFromNow(-5) });
    const since = await me.goal('conversation', { startsOn: daysFromNow(-30) });
    expect(await me.progress(since)).toBe(2);
    const ended = await me.goal('conversation', { startsOn: daysFromNow(-60), deadline: daysFromNow(-10) });
    expect(await me.progress(ended)).toBe(2);
    const res = await me.client.get(`/api/goals/${since}`);
    expect(res.body.startsOn).toBe(daysFromNow(-30).slice(0, 10) + res.body.startsOn.slice(10));
  });

  it('refuses a start after the deadline on create and on update, changing nothing', async () => {
    const me = await person('backwards');
    const created = await me.client.post('/api/goals', goalBody('conversation', { startsOn: daysFromNow(40) }));
    expect(created.status).toBe(400);
    expect(created.body.issues).toEqual([{ path: 'startsOn', message: 'Start date must be on or before the deadline' }]);
    const goal = await me.goal('conversation');
    const moved = await me.client.put(`/api/goals/${goal}`, { deadline: daysFromNow(-5), startsOn: daysFromNow(-1) });
    expect(moved.status).toBe(400);
    expect(moved.body).toMatchObject({
      message: 'Start date must be on or before the deadline',
      issues: [{ path: 'startsOn', message: 'Start date must be on or before the deadline' }],
    });
    expect((await me.client.get(`/api/goals/${goal}`)).body.startsOn).toBeNull();
  });

  it('counts the contacts created in its period for new_contact, whether made directly or by an activity', async () => {
    const me = await person('gatherer');
    const goal = await me.goal('new_contact');
    expect(await me.progress(goal)).toBe(0);
    await me.client.post('/api/contacts', { name: 'Direct' });
    const viaActivity = await me.client.post('/api/activities', { type: 'other', contactName: 'Implicit' });
    expect(viaActivity.body.newContact).toBe(true);
    await me.client.post('/api/activities', { type: 'other', contactName: 'implicit' });
    expect(await me.progress(goal)).toBe(2);
  });
});

describe('kept right on every change', () => {
  it('subtracts a deleted activity, follows a changed type and a date moved out of the period', async () => {
    const me = await person('editor');
    const conversation = await me.goal('conversation');
    const presentation = await me.goal('gospel_presentation');
    const a = await me.log('conversation');
    const b = await me.log('conversation');
    expect(await me.progress(conversation)).toBe(2);
    expect((await me.client.delete(`/api/activities/${a.id}`)).status).toBe(200);
    expect(await me.progress(conversation)).toBe(1);
    expect((await me.client.put(`/api/activities/${b.id}`, { type: 'gospel_presentation' })).status).toBe(200);
    expect(await me.progress(conversation)).toBe(0);
    expect(await me.progress(presentation)).toBe(1);
    expect((await me.client.put(`/api/activities/${b.id}`, { date: daysFromNow(-90) })).status).toBe(200);
    expect(await me.progress(presentation)).toBe(0);
  });

  it('keeps a long period right too, whose whole days are summed from the daily tallies and its ends row by row', async () => {
    const me = await person('long');
    const goal = await me.goal('conversation', { startsOn: daysFromNow(-40), deadline: daysFromNow(40) });
    const middle = await me.log('conversation', { date: daysFromNow(-20) });
    await me.log('conversation', { date: daysFromNow(-20) });
    await me.log('conversation', { date: daysFromNow(-40) });
    await me.log('conversation', { date: daysFromNow(-41) });
    await me.log('conversation');
    expect(await me.progress(goal)).toBe(4);
    await me.client.delete(`/api/activities/${middle.id}`);
    expect(await me.progress(goal)).toBe(3);
    const moved = await me.log('gospel_presentation', { date: daysFromNow(-10) });
    expect(await me.progress(goal)).toBe(3);
    await me.client.put(`/api/activities/${moved.id}`, { type: 'conversation' });
    expect(await me.progress(goal)).toBe(4);
    await me.client.put(`/api/activities/${moved.id}`, { date: daysFromNow(-60) });
    expect(await me.progress(goal)).toBe(3);
    const newContacts = await me.goal('new_contact', { startsOn: daysFromNow(-40), deadline: daysFromNow(40) });
    expect(await me.progress(newContacts)).toBe(1);
  });

  it('subtracts a deleted contact and the activities it took with it', async () => {
    const me = await person('remover');
    const conversation = await me.goal('conversation');
    const newContact = await me.goal('new_contact');
    const made = await me.client.post('/api/activities', { type: 'conversation', contactName: 'Passing Through' });
    await me.log('conversation');
    expect(await me.progress(conversation)).toBe(2);
    expect(await me.progress(newContact)).toBe(1);
    expect((await me.client.delete(`/api/contacts/${made.body.contactId}`)).status).toBe(200);
    expect(await me.progress(conversation)).toBe(1);
    expect(await me.progress(newContact)).toBe(0);
  });

  it('matches the dashboard: a goal never shows more than the activities there are', async () => {
    const me = await person('truth');
    const goal = await me.goal('conversation', { targetCount: 12 });
    const logged = [];
    for (let i = 0; i < 5; i++) logged.push(await me.log('conversation'));
    for (const a of logged.slice(0, 3)) await me.client.delete(`/api/activities/${a.id}`);
    const stats = (await me.client.get('/api/dashboard/stats')).body;
    expect(await me.progress(goal)).toBe(2);
    expect(stats.totalConversations).toBe(2);
  });
});

describe("the typed 'current progress'", () => {
  it('is kept as an adjustment on top of the count, which keeps moving, and never shows below 0', async () => {
    const me = await person('adjuster');
    const goal = await me.goal('conversation');
    const first = await me.log('conversation');
    expect((await me.client.put(`/api/goals/${goal}`, { currentCount: 5 })).body.currentCount).toBe(5);
    await me.log('conversation');
    expect(await me.progress(goal)).toBe(6);
    expect((await me.client.put(`/api/goals/${goal}`, { currentCount: 0 })).body.currentCount).toBe(0);
    await me.client.delete(`/api/activities/${first.id}`);
    expect(await me.progress(goal)).toBe(0);
    await me.log('conversation');
    expect(await me.progress(goal)).toBe(0);
    await me.log('conversation');
    expect(await me.progress(goal)).toBe(1);
  });

  it('is what a created goal shows when given, and the count alone when left out', async () => {
    const me = await person('creator');
    await me.log('conversation');
    const given = await me.client.post('/api/goals', goalBody('conversation', { startsOn: daysFromNow(-1), currentCount: 4 }));
    expect(given.body.currentCount).toBe(4);
    const counted = await me.client.post('/api/goals', goalBody('conversation', { startsOn: daysFromNow(-1) }));
    expect(counted.body.currentCount).toBe(1);
    await me.log('conversation');
    expect(await me.progress(given.body.id)).toBe(5);
    expect(await me.progress(counted.body.id)).toBe(2);
  });
});

describe('a team goal', () => {
  it("counts the team's activities, whoever logged them, and not the members' own", async () => {
    const admin = await person('team-admin');
    const member = await person('team-member');
    const team = (await admin.client.post('/api/teams', { name: 'Harvest' })).body.id as number;
    await joinTeam(admin.client, team, { client: member.client, id: member.user.id });
    const teamGoal = await admin.goal('conversation', { teamId: team });
    const personal = await admin.goal('conversation');
    const teamContact = (await member.client.post('/api/contacts', { name: 'Shared', teamId: team })).body.id;
    expect((await member.client.post('/api/activities', { type: 'conversation', contactId: teamContact, teamId: team })).status).toBe(201);
    await admin.log('conversation');
    expect(await admin.progress(teamGoal)).toBe(1);
    expect(await member.progress(teamGoal)).toBe(1);
    expect(await admin.progress(personal)).toBe(1);
  });
});

describe('counting whole days from the tallies', () => {
  it('gives exactly the row-by-row count for periods and records on and around UTC day boundaries, before 1970 too', async () => {
    const { user } = await signedInClient(server, 'boundaries');
    const DAY = 86_400_000;
    const HALF = DAY / 2;
    const base = 20_000 * DAY; // 2024-10-04, midnight UTC
    let seed = 7;
    const random = (n: number) => (seed = (seed * 48_271) % 2_147_483_647) % n; // Park-Miller: every bit varies
    /** An instant near a day boundary: exactly on it, 1 ms either side, or anywhere in the day. */
    const near = (origin: number, days: number) => {
      const day = origin + (random(2 * days + 1) - days) * DAY;
      return day + [0, 1, -1, random(DAY), HALF][random(5)];
    };
    const types = ['conversation', 'gospel_presentation'] as const;
    const db = server.database;
    const made = await db.write(async (tx) => {
      const team = (await tx.insert(teams).values({ name: 'Boundaries', createdBy: user.id }).returning({ id: teams.id }))[0].id;
      const contactRows = [];
      for (let i = 0; i < 60; i++) {
        const origin = i % 6 === 0 ? 0 : base;
        contactRows.push({ name: `c${i}`, createdBy: user.id, teamId: i % 3 === 0 ? team : null, createdAt: new Date(near(origin, 4)) });
      }
      const contactIds = (await tx.insert(contacts).values(contactRows).returning({ id: contacts.id })).map((c) => c.id);
      const activityRows = [];
      for (let i = 0; i < 400; i++) {
        const origin = i % 8 === 0 ? 0 : base;
        activityRows.push({
          contactId: contactIds[i % contactIds.length],
          type: types[random(2)],
          date: new Date(near(origin, 6)),
          createdBy: user.id,
          teamId: random(3) === 0 ? team : null,
        });
      }
      await tx.insert(activities).values(activityRows);
      const goalRows = [];
      for (let i = 0; i < 120; i++) {
        const origin = i % 5 === 0 ? 0 : base;
        const startsOn = random(4) === 0 ? null : near(origin, 6);
        const deadline = random(4) === 0 ? null : Math.max(startsOn ?? 0, near(origin, 6));
        goalRows.push({
          title: `g${i}`,
          targetCount: 10,
          type: i % 3 === 0 ? ('new_contact' as const) : types[i % 2],
          startsOn: startsOn === null ? null : new Date(startsOn),
          deadline: deadline === null ? null : new Date(deadline),
          createdAt: new Date(near(origin, 6)),
          createdBy: user.id,
          teamId: i % 4 === 0 ? team : null,
        });
      }
      await tx.insert(goals).values(goalRows);
      return { team, activityRows, contactRows };
    });
    const counted = await db.read
      .select({ goal: getTableColumns(goals), progress: goalProgress })
      .from(goals)
      .where(eq(goals.createdBy, user.id));
    expect(counted).toHaveLength(120);
    const now = Date.now();
    const mine = <T extends { teamId: number | null }>(rows: T[], teamId: number | null) => rows.filter((r) => (teamId === null ? true : r.teamId === teamId));
    let nonZero = 0;
    for (const { goal, progress } of counted) {
      const startsOn = goal.startsOn?.getTime() ?? null;
      const end = (goal.deadline?.getTime() ?? Number.MAX_SAFE_INTEGER) + HALF;
      const expected =
        goal.type === 'new_contact'
          ? mine(made.contactRows, goal.teamId).filter(
              (c) => c.createdAt.getTime() >= (startsOn === null ? goal.createdAt.getTime() : startsOn - HALF) && c.createdAt.getTime() <= end,
            ).length
          : mine(made.activityRows, goal.teamId).filter(
              (a) => a.type === goal.type && a.date.getTime() >= (startsOn ?? goal.createdAt.getTime()) - HALF && a.date.getTime() <= Math.min(end, now + HALF),
            ).length;
      if (expected > 0) nonZero++;
      expect({ id: goal.id, progress }).toEqual({ id: goal.id, progress: expected });
    }
    expect(nonZero).toBeGreaterThan(60);
  });
});
