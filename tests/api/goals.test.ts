// Goals over REST: create with the spec's messages, edits (progress and completion), completing and deleting.
// This runner logs no activities, so a goal's stored adjustment is all of its progress here (goal-progress.test.ts counts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOneIssue, signedInClient, startSignedIn, type ApiClient, type TestServer } from './harness';

let server: TestServer;
let client: ApiClient;
let userId: number;

beforeAll(async () => {
  ({
    server,
    client,
    user: { id: userId },
  } = await startSignedIn('runner'));
});
afterAll(() => server.close());

const valid = {
  title: 'Share with ten friends',
  description: 'One conversation a week',
  type: 'conversation',
  targetCount: 10,
  deadline: '2031-06-30T00:00:00.000Z',
};

async function row(id: number) {
  const [found] = (
    await server.database.readerClient.execute({
      sql: 'select title, description, type, target_count, adjustment, starts_on, deadline, completed, created_by from goals where id = ?',
      args: [id],
    })
  ).rows;
  return found;
}
async function ownCount() {
  return Number((await server.database.readerClient.execute({ sql: 'select count(*) as n from goals where created_by = ?', args: [userId] })).rows[0].n);
}
const create = async (body: Record<string, unknown> = {}) => {
  const res = await client.post('/api/goals', { ...valid, ...body });
  expect(res.status).toBe(201);
  return res.body;
};

describe('creating a goal', () => {
  it('answers 201 with the goal and its defaults and stores it', async () => {
    const res = await client.post('/api/goals', valid);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      title: 'Share with ten friends',
      description: 'One conversation a week',
      type: 'conversation',
      targetCount: 10,
      currentCount: 0,
      startsOn: null,
      deadline: '2031-06-30T00:00:00.000Z',
      completed: false,
      createdAt: expect.any(String),
      teamId: null,
      shares: [],
    });
    expect(await row(res.body.id)).toEqual({
      title: 'Share with ten friends',
      description: 'One conversation a week',
      type: 'conversation',
      target_count: 10,
      adjustment: 0,
      starts_on: null,
      deadline: Date.parse('2031-06-30T00:00:00.000Z'),
      completed: 0,
      created_by: userId,
    });
  });

  it('keeps a given progress and completed flag, and accepts the new_contact type', async () => {
    const body = await create({ type: 'new_contact', currentCount: 3, completed: true });
    expect(body).toMatchObject({ type: 'new_contact', currentCount: 3, completed: true });
  });

  it.each([
    ['title', 'Title is required'],
    ['description', 'Description is required'],
    ['type', 'Type is required'],
    ['targetCount', 'Target must be at least 1'],
    ['deadline', 'Deadline is required'],
  ])('refuses a missing %s with 400 and %s', async (field, message) => {
    const before = await ownCount();
    const body: Record<string, unknown> = { ...valid };
    delete body[field];
    const res = await client.post('/api/goals', body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message, code: 'BAD_REQUEST', issues: [{ path: field, message }] });
    expect(await ownCount()).toBe(before);
  });

  it.each([
    ['a blank title', { title: '   ' }, 'title', 'Title is required'],
    ['a blank description', { description: '' }, 'description', 'Description is required'],
    ['an unknown type', { type: 'fishing' }, 'type', 'Type is required'],
    ['a target of 0', { targetCount: 0 }, 'targetCount', 'Target must be at least 1'],
    ['a negative target', { targetCount: -5 }, 'targetCount', 'Target must be at least 1'],
    ['an empty deadline', { deadline: '' }, 'deadline', 'Deadline is required'],
    ['an unparseable deadline', { deadline: 'soon' }, 'deadline', 'Invalid date format'],
    ['a progress below 0', { currentCount: -1 }, 'currentCount', 'Progress must be at least 0'],
  ])('refuses %s with 400 and the message', async (_, change, path, message) => {
    const before = await ownCount();
    const res = await client.post('/api/goals', { ...valid, ...change });
    expectOneIssue(res, path, message);
    expect(await ownCount()).toBe(before);
  });

  it('lists every missing field at once, the first message leading', async () => {
    const res = await client.post('/api/goals', {});
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Title is required');
    expect(res.body.issues).toEqual([
      { path: 'title', message: 'Title is required' },
      { path: 'description', message: 'Description is required' },
      { path: 'type', message: 'Type is required' },
      { path: 'targetCount', message: 'Target must be at least 1' },
      { path: 'deadline', message: 'Deadline is required' },
    ]);
  });
});

describe('updating a goal', () => {
  it('changes the given fields and answers the updated goal', async () => {
    const created = await create();
    const res = await client.put(`/api/goals/${created.id}`, {
      title: 'Share with twelve',
      targetCount: 12,
      currentCount: 4,
      deadline: '2031-09-01T00:00:00.000Z',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...created, title: 'Share with twelve', targetCount: 12, currentCount: 4, deadline: '2031-09-01T00:00:00.000Z' });
    expect(await row(created.id)).toMatchObject({ title: 'Share with twelve', target_count: 12, adjustment: 4 });
  });

  it('marks it completed with completed:true, and back to active with completed:false', async () => {
    const created = await create();
    const done = await client.put(`/api/goals/${created.id}`, { completed: true });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ ...created, completed: true });
    expect((await row(created.id)).completed).toBe(1);
    const undone = await client.put(`/api/goals/${created.id}`, { completed: false });
    expect(undone.body.completed).toBe(false);
    expect((await row(created.id)).completed).toBe(0);
  });

  it('refuses currentCount below 0 with 400 and keeps the row', async () => {
    const created = await create({ currentCount: 2 });
    const res = await client.put(`/api/goals/${created.id}`, { currentCount: -1 });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: 'Progress must be at least 0',
      code: 'BAD_REQUEST',
      issues: [{ path: 'currentCount', message: 'Progress must be at least 0' }],
    });
    expect((await row(created.id)).adjustment).toBe(2);
  });

  it('refuses a target below 1 on update', async () => {
    const created = await create();
    const res = await client.put(`/api/goals/${created.id}`, { targetCount: 0 });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Target must be at least 1');
    expect((await row(created.id)).target_count).toBe(10);
  });

  it("answers 404 for another user's goal and leaves it", async () => {
    const created = await create();
    const other = await signedInClient(server, 'rival');
    const res = await other.client.put(`/api/goals/${created.id}`, { completed: true });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Goal not found', code: 'NOT_FOUND' });
    expect((await row(created.id)).completed).toBe(0);
  });
});

describe('completing and deleting', () => {
  it('POST /:id/complete marks the goal completed and answers it', async () => {
    const created = await create({ currentCount: 3 });
    const res = await client.post(`/api/goals/${created.id}/complete`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...created, completed: true });
    expect(await row(created.id)).toMatchObject({ completed: 1, adjustment: 3 });
  });

  it("answers 404 completing another user's goal", async () => {
    const created = await create();
    const other = await signedInClient(server, 'finisher');
    expect((await other.client.post(`/api/goals/${created.id}/complete`)).status).toBe(404);
    expect((await row(created.id)).completed).toBe(0);
  });

  it('DELETE answers 200 {success:true} and removes the row', async () => {
    const created = await create();
    const res = await client.delete(`/api/goals/${created.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, id: created.id });
    expect(await row(created.id)).toBeUndefined();
    expect((await client.get(`/api/goals/${created.id}`)).status).toBe(404);
  });

  it("answers 404 deleting another user's goal and keeps it", async () => {
    const created = await create();
    const other = await signedInClient(server, 'wrecker');
    expect((await other.client.delete(`/api/goals/${created.id}`)).status).toBe(404);
    expect(await row(created.id)).toBeDefined();
  });
});

describe('listing goals', () => {
  it("lists only the user's goals, newest first", async () => {
    const s = await signedInClient(server, 'lister');
    const other = await signedInClient(server, 'lister-other');
    await other.client.post('/api/goals', { ...valid, title: 'Not mine' });
    await s.client.post('/api/goals', { ...valid, title: 'First' });
    await new Promise((r) => setTimeout(r, 5));
    await s.client.post('/api/goals', { ...valid, title: 'Second' });
    const res = await s.client.get('/api/goals');
    expect(res.status).toBe(200);
    expect(res.body.map((g: { title: string }) => g.title)).toEqual(['Second', 'First']);
  });
});
