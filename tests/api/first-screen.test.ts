// The first screen from the server (issue 32, server/http/firstScreen.ts): rendered by the client's own code
// (src/entry-server.tsx, here from source) for the request's user, language and time zone, with the first data its
// hooks ask for in a JSON element; a guest is sent to /login; a render that fails leaves the plain page.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOST_SCREENS_AT_ONCE, type Renderer } from '../../server/http/firstScreen';
import { joinTeam, signedInClient, startServer, type ApiClient, type TestServer } from './harness';

let base: string;
let server: TestServer;
const sourceRenderer = () => import('../../src/entry-server');

/** A build's index.html, as Vite writes it: the module script and then the stylesheet in the head, the boot screen alone in the root. */
function builtIndex() {
  const source = readFileSync('index.html', 'utf8');
  const script = '<script type="module" src="/src/main.tsx"></script>';
  return source.replace(script, '').replace('</head>', `${script}<link rel="stylesheet" crossorigin href="/assets/index-1.css"></head>`);
}

function staticDir(name: string) {
  const dir = join(base, name);
  mkdirSync(join(dir, '.vite'), { recursive: true });
  writeFileSync(join(dir, 'index.html'), builtIndex());
  writeFileSync(
    join(dir, '.vite/manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-1.js', isEntry: true },
      'src/pages/DashboardPage.tsx': { file: 'assets/DashboardPage-1.js', imports: ['index.html', '_parts-1.js'] },
      '_parts-1.js': { file: 'assets/parts-1.js' },
      'src/components/AppShell.tsx': { file: 'assets/AppShell-1.js', imports: ['index.html'] },
    }),
  );
  return dir;
}

beforeAll(async () => {
  base = mkdtempSync(join(tmpdir(), 'sower-screens-'));
  // The renderer from source is the whole client, compiled on its first import: done here, within the hook's 60 s,
  // not inside the first test's 20 s. In one `npm test` run, starved of CPU beside the browser tests, that first test
  // timed out and the next ones got the plain page.
  await sourceRenderer();
  server = await startServer({ STATIC_DIR: staticDir('dist') }, { firstScreenRenderer: sourceRenderer });
}, 60_000);

afterAll(async () => {
  await server.close();
  rmSync(base, { recursive: true, force: true });
});

const page = (path: string, cookie = '', headers: Record<string, string> = {}) =>
  fetch(server.baseUrl + path, { headers: { Cookie: cookie, ...headers }, redirect: 'manual' });

/** The dehydrated cache the page carries, by procedure path. */
function stateOf(html: string) {
  const json = /<script type="application\/json" id="sower-state">([^<]*)<\/script>/.exec(html)?.[1];
  if (!json) return null;
  const state = superjson.parse<{ queries: { queryKey: [string[], { input?: unknown }?]; state: { data: unknown } }[] }>(json);
  return new Map(state.queries.map((query) => [query.queryKey[0].join('.'), query]));
}

/** Every script element in a page: none may be inline code (the CSP allows only the app's own files). */
const scriptsOf = (html: string) => html.match(/<script[^>]*>/g) ?? [];

async function userWithContact(prefix: string, contactName: string) {
  const { client, user } = await signedInClient(server, prefix);
  const contact = (await client.post('/api/contacts', { name: contactName, spiritualStatus: 'seeking' })).body as { id: number };
  const today = new Date().toISOString().slice(0, 10);
  expect((await client.post('/api/followups', { contactId: contact.id, date: today, description: `Visit ${contactName}` })).status).toBe(201);
  return { client, user, contact };
}

const withZone = (client: ApiClient, zone: string) => `${client.cookie}; tz=${encodeURIComponent(zone)}`;

describe('a signed-in screen from the server', () => {
  let ann: Awaited<ReturnType<typeof userWithContact>>;
  beforeAll(async () => {
    ann = await userWithContact('annscreen', 'Lydia Purpura');
    expect((await ann.client.put('/api/account/language', { language: 'fr' })).status).toBe(200);
  });

  it('holds the screen, its first data and its title in the account language, and no inline script', async () => {
    // UTC, the zone of the follow-up's date (userWithContact): in Paris that date is yesterday from 23:00 UTC on.
    const res = await page('/', withZone(ann.client, 'UTC'), { 'Accept-Language': 'es' });
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('vary')).toBe('Accept-Encoding, Accept-Language, Cookie');
    expect(res.headers.get('content-security-policy')).toMatch(/script-src 'self'(;|$)/);
    expect(html).toMatch(/<html lang="fr" dir="ltr">/);
    // The stylesheet, all the screen needs to be painted, is asked for first: right after the charset, before the scripts.
    expect(html).toContain('<meta charset="UTF-8" /><link rel="stylesheet" crossorigin href="/assets/index-1.css">');
    expect(html.indexOf('rel="stylesheet"')).toBeLessThan(html.indexOf('<script'));
    expect(html).toContain('<title>Tableau de bord · Sower</title>');
    expect(html).not.toContain('id="boot"');
    // The contact of the follow-up due today, on the dashboard as the server rendered it.
    expect(html).toContain('Lydia Purpura');
    const state = stateOf(html)!;
    expect(state.get('auth.me')?.state.data).toMatchObject({ id: ann.user.id, language: 'fr' });
    expect(state.has('dashboard.summary')).toBe(true);
    expect(
      scriptsOf(html).every(
        (tag) => /^<script type="module" src="\/[^"]+"><\/?/.test(tag + '<') || tag === '<script type="application/json" id="sower-state">',
      ),
    ).toBe(true);
    // The page's code and its chunks, not the entry's own (its script tag loads those), and no session preload.
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/DashboardPage-1.js">');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/parts-1.js">');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/AppShell-1.js">');
    expect(html).not.toContain('href="/assets/index-1.js"');
    expect(html).not.toContain('auth.me?batch');
  });

  it("computes the day's start in the browser's time zone, and leaves the process's own zone as it was", async () => {
    const before = process.env.TZ;
    const startOf = async (zone: string) => {
      const state = stateOf(await (await page('/', withZone(ann.client, zone))).text())!;
      return (state.get('dashboard.summary')!.queryKey[1]!.input as { upcomingFrom: Date }).upcomingFrom;
    };
    const [east, west] = await Promise.all([startOf('Pacific/Kiritimati'), startOf('Pacific/Pago_Pago')]);
    // Midnight at UTC+14 and at UTC-11: 10:00 UTC the day before and 11:00 UTC that day.
    expect(east.getUTCHours()).toBe(10);
    expect(west.getUTCHours()).toBe(11);
    expect(process.env.TZ).toBe(before);
  });

  it('comes compressed as asked, and a HEAD request renders nothing', async () => {
    const cookie = withZone(ann.client, 'UTC');
    const decoded = async (encoding: string) => {
      const res = await page('/contacts', cookie, { 'Accept-Encoding': encoding });
      return { encoding: res.headers.get('content-encoding'), html: await res.text() };
    };
    // fetch decodes what it is sent; the header says what was sent.
    for (const encoding of ['br', 'gzip', 'identity']) {
      const answer = await decoded(encoding);
      expect(answer.encoding).toBe(encoding === 'identity' ? null : encoding);
      expect(answer.html).toContain('Lydia Purpura');
    }
    const head = await fetch(server.baseUrl + '/contacts', { method: 'HEAD', headers: { Cookie: cookie } });
    expect(head.status).toBe(200);
    expect(head.headers.get('cache-control')).toBe('private, no-store');
  });

  it('is the plain page when the time zone cookie is missing or not a zone', async () => {
    for (const cookie of [ann.client.cookie, withZone(ann.client, 'Mars/Olympus'), withZone(ann.client, '../../etc/passwd')]) {
      const html = await (await page('/', cookie)).text();
      expect(html).toContain('id="boot"');
      expect(stateOf(html)).toBeNull();
    }
  });

  it("is the plain page when the browser's offset now is not this server's for its zone (issue 48: Casablanca)", async () => {
    const plain = await (await page('/', `${withZone(ann.client, 'UTC')}; tzo=60`)).text();
    expect(plain).toContain('id="boot"');
    expect(stateOf(plain)).toBeNull();
    const rendered = await (await page('/', `${withZone(ann.client, 'UTC')}; tzo=0`)).text();
    expect(stateOf(rendered)).not.toBeNull();
  });

  it('renders the space the browser saved (its currentTeamId cookie), only among its own teams (issue 48)', async () => {
    const { client } = await signedInClient(server, 'spacescreen');
    const first = (await client.post('/api/teams', { name: 'Alpha' })).body.id as number;
    const second = (await client.post('/api/teams', { name: 'Beta' })).body.id as number;
    const { client: other } = await signedInClient(server, 'otherspace');
    const foreign = (await other.post('/api/teams', { name: 'Gamma' })).body.id as number;
    const spaceOf = async (extra: string) => {
      const state = stateOf(await (await page('/', `${withZone(client, 'UTC')}${extra}`)).text())!;
      return (state.get('dashboard.summary')!.queryKey[1]!.input as { team?: number | 'mine' }).team;
    };
    expect(await spaceOf(`; currentTeamId=${second}`)).toBe(second);
    // Nothing saved, or a team not theirs: the first of their teams (SPEC §4), never another's.
    expect(await spaceOf('')).toBe(first);
    expect(await spaceOf(`; currentTeamId=${foreign}`)).toBe(first);
  });

  it("never mixes two people's screens asked for together, and past four at once sends the plain page", async () => {
    const bob = await userWithContact('bobscreen', 'Cornelius Centurion');
    const asks = Array.from({ length: 24 }, (_, i) => (i % 2 ? bob : ann)).map(async (who) => {
      const res = await page('/', withZone(who.client, 'UTC'));
      return { who, status: res.status, html: await res.text() };
    });
    const answers = await Promise.all(asks);
    const rendered = answers.filter(({ html }) => stateOf(html) !== null);
    for (const { who, status, html } of answers) {
      expect(status).toBe(200);
      expect(html).not.toContain(who === bob ? 'Lydia Purpura' : 'Cornelius Centurion');
      const state = stateOf(html);
      if (!state) continue;
      expect(html).toContain(who === bob ? 'Cornelius Centurion' : 'Lydia Purpura');
      expect(state.get('auth.me')?.state.data).toMatchObject({ id: who.user.id });
    }
    // Twenty-four arriving together: the first four render, the rest are the client's to render.
    expect(rendered.length).toBeGreaterThanOrEqual(MOST_SCREENS_AT_ONCE);
    expect(rendered.length).toBeLessThan(answers.length);
  });

  it('is the plain page for a session locked by its app lock, whatever cookies the page wrote (issue 47)', async () => {
    const locked = await userWithContact('lockscreen', 'Tabitha Joppa');
    expect((await locked.client.put('/api/account/pin', { pin: '4821', password: 'correct horse battery', idleMinutes: 1 })).status).toBe(200);
    // Locked by the server: nothing seen of the session for the account's idle time.
    await server.database.writerClient.execute({ sql: 'update sessions set last_seen_at = ? where user_id = ?', args: [Date.now() - 61_000, locked.user.id] });
    // The desktop attack: the page's own lock cookie deleted (or never written), the session cookie kept.
    for (const cookie of [withZone(locked.client, 'UTC'), `${withZone(locked.client, 'UTC')}; sower_locked=0`]) {
      const html = await (await page('/contacts', cookie)).text();
      expect(stateOf(html)).toBeNull();
      expect(html).not.toContain('Tabitha Joppa');
      expect(html).not.toContain(locked.user.username);
    }
  });

  it("shows nothing of another person's contact opened by its address", async () => {
    const path = `/contacts/${ann.contact.id}`;
    // Its owner's page holds it.
    const own = await (await page(path, withZone(ann.client, 'UTC'))).text();
    expect(own).toContain('Lydia Purpura');
    expect([...stateOf(own)!.keys()]).toContain('contacts.timeline');
    const eve = await signedInClient(server, 'evescreen');
    const html = await (await page(path, withZone(eve.client, 'UTC'))).text();
    expect(stateOf(html)).not.toBeNull();
    expect(html).not.toContain('Lydia Purpura');
    // Refused on the server as the client's own read will be: nothing of it in the page's cache.
    expect([...stateOf(html)!.keys()]).not.toContain('contacts.timeline');
  });

  it('keeps what people wrote inside its JSON element, however it is written', async () => {
    const { client } = await signedInClient(server, 'xssscreen');
    const name = '</script><script>alert(1)</script><!--';
    expect((await client.post('/api/contacts', { name })).status).toBe(201);
    const html = await (await page('/contacts', withZone(client, 'UTC'))).text();
    expect(html).not.toContain('<script>alert(1)');
    expect(scriptsOf(html).filter((tag) => !tag.startsWith('<script type="module" src="/'))).toEqual(['<script type="application/json" id="sower-state">']);
    const list = stateOf(html)!.get('contacts.list')!.state.data as { pages: { name: string }[][] };
    expect(list.pages[0].map((contact) => contact.name)).toContain(name);
  });
});

describe("the build's manifest", () => {
  it('is read by the server, never served', async () => {
    expect((await page('/.vite/manifest.json')).status).toBe(404);
    expect((await page('/.vite/manifest.json', '', { 'Accept-Encoding': 'br' })).status).toBe(404);
  });
});

describe('a guest', () => {
  it('is sent to /login from a signed-in screen before anything is read, and gets the sign-in form there', async () => {
    for (const path of ['/', '/contacts', '/contacts/1', '/settings/teams/3']) {
      const res = await page(path, 'tz=UTC');
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe('/login');
      expect(res.headers.get('cache-control')).toBe('private, no-store');
    }
    const res = await page('/login', '', { 'Accept-Language': 'ar' });
    const html = await res.text();
    expect(html).toMatch(/<html lang="ar" dir="rtl">/);
    expect(html).toContain('<title>⁨تسجيل الدخول⁩ · ⁨Sower⁩</title>');
    expect(html).toContain('name="password"');
    // Only the session check's answer, nobody.
    const state = stateOf(html)!;
    expect([...state.keys()]).toEqual(['auth.me']);
    expect(state.get('auth.me')!.state.data).toBeNull();
    // Its forms post (src: every <form method="post">): one sent before the script runs comes back to its page, and
    // no one is signed in by it.
    expect(html).toMatch(/<form [^>]*method="post"[^>]*>[^]*name="password"/);
    for (const path of ['/login', '/settings']) {
      const sent = await fetch(server.baseUrl + path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'username=alice&password=secret-words',
        redirect: 'manual',
      });
      expect(sent.status).toBe(303);
      expect(sent.headers.get('location')).toBe(path);
      expect(sent.headers.get('set-cookie')).toBeNull();
      expect(await sent.text()).toBe('');
    }
    // Not a page: still not found.
    expect((await fetch(server.baseUrl + '/assets/x.js', { method: 'POST', body: 'a=b' })).status).toBe(404);
  });
});

/** The source renderer, its reads recorded in `log` in the order asked and answered. */
async function recordingRenderer(log: string[]): Promise<Renderer> {
  const real = await sourceRenderer();
  return {
    warmUp: real.warmUp,
    render: (request) =>
      real.render({
        ...request,
        call: async (path, input) => {
          log.push(`ask ${path}`);
          const answer = await request.call(path, input);
          log.push(`answered ${path}`);
          return answer;
        },
      }),
  };
}

describe("a team member's follow-ups", () => {
  it('asks for the unseen assignments with the list, in the first reads, and holds both', async () => {
    const log: string[] = [];
    const recording = await recordingRenderer(log);
    const recorded = await startServer({ STATIC_DIR: staticDir('recorded') }, { firstScreenRenderer: async () => recording });
    try {
      const { client } = await signedInClient(recorded, 'teamfollow');
      expect((await client.post('/api/teams', { name: 'Riverside' })).status).toBe(201);
      const html = await (await fetch(recorded.baseUrl + '/followups', { headers: { Cookie: `${client.cookie}; tz=UTC` } })).text();
      expect([...stateOf(html)!.keys()]).toEqual(expect.arrayContaining(['teams.list', 'followUps.list', 'assignments.summary']));
      expect(log.indexOf('ask assignments.summary')).toBeGreaterThan(-1);
      expect(log.indexOf('ask assignments.summary')).toBeLessThan(log.indexOf('answered followUps.list'));
    } finally {
      await recorded.close();
    }
  });
});

describe("the team's place (/team, issue 51 §1)", () => {
  // The source renderer, its reads recorded in the order asked and answered, on a server of this block's own.
  const log: string[] = [];
  let teamServer: TestServer;
  let admin: Awaited<ReturnType<typeof signedInClient>>;
  let member: Awaited<ReturnType<typeof signedInClient>>;
  let teamId: number;
  beforeAll(async () => {
    const recording = await recordingRenderer(log);
    teamServer = await startServer({ STATIC_DIR: staticDir('team') }, { firstScreenRenderer: async () => recording });
    admin = await signedInClient(teamServer, 'harbourlead');
    member = await signedInClient(teamServer, 'harbourhand');
    teamId = (await admin.client.post('/api/teams', { name: 'Harbour Screen' })).body.id as number;
    await joinTeam(admin.client, teamId, { client: member.client, id: member.user.id });
    const active = (await admin.client.post('/api/contacts', { name: 'Priscilla Teamscreen', teamId })).body.id as number;
    const waiting = (await admin.client.post('/api/contacts', { name: 'Aquila Waiting', teamId })).body.id as number;
    const now = new Date().toISOString();
    for (const type of ['conversation', 'conversation', 'gospel_presentation'])
      expect((await admin.client.post('/api/activities', { contactId: active, type, date: now, teamId })).status).toBe(201);
    const overdue = { contactId: active, date: new Date(Date.now() - 3 * 86_400_000).toISOString(), description: 'Call back', teamId };
    expect((await admin.client.post('/api/followups', overdue)).status).toBe(201);
    expect((await admin.client.put(`/api/contacts/${waiting}/assignee`, { userId: member.user.id })).status).toBe(200);
    // A personal contact of the admin's, never on the team's page.
    expect((await admin.client.post('/api/contacts', { name: 'Naomi Personal' })).status).toBe(201);
  }, 60_000);
  afterAll(() => teamServer.close());

  const teamPage = async (who: ApiClient, extra: string, path = '/team', zone = 'UTC') => {
    log.length = 0;
    const res = await fetch(teamServer.baseUrl + path, { headers: { Cookie: `${withZone(who, zone)}${extra}` } });
    expect(res.status).toBe(200);
    const html = await res.text();
    return { html, state: stateOf(html) };
  };
  type Dashboard = { week: { total: number }; members: { userId: number }[]; waiting: { items: { name: string }[] } };

  it("holds the team's numbers before any script runs, read in the browser's zone with its goals in one pass", async () => {
    // Midnight at UTC+14: the week and today the client counts in are the browser's, and its key is the client's.
    const zone = 'Pacific/Kiritimati';
    const { html, state } = await teamPage(admin.client, `; currentTeamId=${teamId}`, '/team', zone);
    expect(state).not.toBeNull();
    expect(html).not.toContain('id="boot"');
    expect(html).toContain('<title>Harbour Screen · Sower</title>');
    const dashboard = state!.get('teams.dashboard')!;
    expect(dashboard.queryKey[1]!.input).toEqual({ teamId, timeZone: zone });
    expect((dashboard.state.data as Dashboard).week.total).toBe(3);
    // The figures as painted: each number is its link's name ('3 activities'), the lists' names, every member's line.
    expect(html).toContain('data-testid="team-dashboard"');
    expect(html).toContain('aria-label="3 activities"');
    expect(html).toContain('aria-label="2 Conversation"');
    expect(html).toContain('aria-label="1 overdue"');
    expect(html).toContain('Aquila Waiting');
    expect(html).toContain(`href="/team/${teamId}/members/${member.user.id}"`);
    expect(html).toContain('Team goals');
    expect(html).not.toContain('Naomi Personal');
    // The goals are asked with the figures (one pass of reads after the shell's), not once the figures have come.
    expect(state!.has('goals.list')).toBe(true);
    expect(log.indexOf('ask goals.list')).toBeGreaterThan(-1);
    expect(log.indexOf('ask goals.list')).toBeLessThan(log.indexOf('answered teams.dashboard'));
  });

  it("gives a member and a viewer only what the role table lets them see: the team's figures and their own line", async () => {
    const { html, state } = await teamPage(member.client, `; currentTeamId=${teamId}`);
    const data = state!.get('teams.dashboard')!.state.data as Dashboard;
    expect(data.week.total).toBe(3);
    expect(data.members.map((line) => line.userId)).toEqual([member.user.id]);
    expect(html).toContain('aria-label="3 activities"');
    expect(html).toContain('Your work in the team');
    expect(html).not.toContain(`/team/${teamId}/members/`);
    // One member line, their own (their inbox may name the admin who assigned them a contact: that is theirs to read).
    expect(html.match(/data-testid="member-line"/g)).toHaveLength(1);
    const lines = html.slice(html.indexOf('data-testid="team-members"'), html.indexOf('data-testid="team-good-news"'));
    expect(lines).toContain('Test harbourhand');
    expect(lines).not.toContain('harbourlead');
    expect(html).not.toContain('Naomi Personal');
    // A viewer (a praying partner): the same figures, their own line, no one's work.
    const viewer = await signedInClient(teamServer, 'harbourpray');
    await joinTeam(admin.client, teamId, { client: viewer.client, id: viewer.user.id }, 'viewer');
    const seen = await teamPage(viewer.client, `; currentTeamId=${teamId}`);
    const theirs = seen.state!.get('teams.dashboard')!.state.data as Dashboard;
    expect(theirs.week.total).toBe(3);
    expect(theirs.members.map((line) => line.userId)).toEqual([viewer.user.id]);
    expect(seen.html).toContain('aria-label="3 activities"');
    expect(seen.html).not.toContain(`/team/${teamId}/members/`);
    expect(seen.html.match(/data-testid="member-line"/g)).toHaveLength(1);
    // Nor a member's work opened by its address: refused on the server as the client's read will be.
    const other = await teamPage(member.client, `; currentTeamId=${teamId}`, `/team/${teamId}/members/${admin.user.id}`);
    expect([...other.state!.keys()]).not.toContain('teams.workload');
    // The admin's own: the member's assigned contact, in the HTML.
    const workload = await teamPage(admin.client, `; currentTeamId=${teamId}`, `/team/${teamId}/members/${member.user.id}`);
    expect(workload.state!.has('teams.workload')).toBe(true);
    expect(workload.html).toContain('Aquila Waiting');
  });

  it("never renders a team its user has left, whatever team their cookie saved: the client's fallback instead", async () => {
    const leaver = await signedInClient(teamServer, 'harbourgone');
    await joinTeam(admin.client, teamId, { client: leaver.client, id: leaver.user.id });
    const before = await teamPage(leaver.client, `; currentTeamId=${teamId}`);
    expect(before.html).toContain('Aquila Waiting');
    expect((await leaver.client.post(`/api/teams/${teamId}/leave`)).status).toBe(200);

    // In no team now: the page says so, and nothing of the team is in its HTML or its state.
    const none = await teamPage(leaver.client, `; currentTeamId=${teamId}`);
    expect(none.state).not.toBeNull();
    expect(none.html).toContain('You are in no team yet.');
    for (const text of ['Harbour Screen', 'Priscilla Teamscreen', 'Aquila Waiting', 'harbourhand']) expect(none.html).not.toContain(text);
    expect(none.state!.has('teams.dashboard')).toBe(false);

    // In a team of their own: its dashboard, as the client chooses (SPEC §4: the saved team if theirs, else the first).
    const own = (await leaver.client.post('/api/teams', { name: 'Own Place' })).body.id as number;
    const fallback = await teamPage(leaver.client, `; currentTeamId=${teamId}`);
    expect(fallback.html).toContain('<title>Own Place · Sower</title>');
    expect(fallback.state!.get('teams.dashboard')!.queryKey[1]!.input).toMatchObject({ teamId: own });
    for (const text of ['Harbour Screen', 'Priscilla Teamscreen', 'Aquila Waiting']) expect(fallback.html).not.toContain(text);
    expect([...fallback.state!.values()].filter((query) => JSON.stringify(query.queryKey).includes(`"teamId":${teamId}`))).toEqual([]);
  });
});

describe('one person asking for many screens at once', () => {
  it('gets at most two rendered, and someone else’s screen still renders', async () => {
    // Renders that wait until released: what is underway is what the renderer holds.
    const held: { user: number; release(): void }[] = [];
    let answered = 0;
    let changed = () => undefined as unknown;
    const until = (done: () => boolean) => new Promise<void>((resolve) => (changed = () => done() && resolve())).then(() => undefined);
    const holding: Renderer = {
      warmUp: async () => undefined,
      render: async ({ call }) => {
        const me = (await call('auth.me', undefined)) as { id: number };
        await new Promise<void>((release) => {
          held.push({ user: me.id, release });
          changed();
        });
        return { html: '<main>held</main>', state: superjson.stringify({ queries: [], mutations: [] }), title: 'Held' };
      },
    };
    const slow = await startServer({ STATIC_DIR: staticDir('slow') }, { firstScreenRenderer: async () => holding });
    const ask = (who: ApiClient) =>
      fetch(slow.baseUrl + '/', { headers: { Cookie: `${who.cookie}; tz=UTC` }, redirect: 'manual' }).then(async (res) => {
        const html = await res.text();
        answered += 1;
        changed();
        return html;
      });
    try {
      const ann = await signedInClient(slow, 'burstann');
      const ben = await signedInClient(slow, 'burstben');
      // Six of Ann's: two held rendering, four answered with the plain page while those two are underway.
      const asked = until(() => held.length + answered === 6);
      const anns = Array.from({ length: 6 }, () => ask(ann.client));
      await asked;
      expect(held.map(({ user }) => user)).toEqual([ann.user.id, ann.user.id]);
      // Ben's, while two of Ann's are held: rendered too.
      const third = until(() => held.length === 3);
      const bens = ask(ben.client);
      await third;
      expect(held[2].user).toBe(ben.user.id);
      for (const { release } of held) release();
      const answers = await Promise.all([...anns, bens]);
      expect(answers.filter((html) => html.includes('<main>held</main>'))).toHaveLength(3);
      expect(answers.filter((html) => html.includes('id="boot"'))).toHaveLength(4);
    } finally {
      for (const { release } of held) release();
      await slow.close();
    }
  });
});

describe('a render that fails', () => {
  it('answers the plain page and logs why', async () => {
    const failing: Renderer = {
      warmUp: async () => undefined,
      render: async () => {
        throw new Error('the renderer broke');
      },
    };
    const broken = await startServer({ STATIC_DIR: staticDir('broken') }, { firstScreenRenderer: async () => failing });
    try {
      const res = await fetch(broken.baseUrl + '/login');
      const html = await res.text();
      expect(res.status).toBe(200);
      expect(html).toContain('id="boot"');
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      expect(broken.logs.some((line) => line.level === 'error' && String(line.message).includes('the renderer broke'))).toBe(true);
    } finally {
      await broken.close();
    }
  });
});
