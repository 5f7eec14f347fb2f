// A realistic six-month account, made through the REST API of a running Sower (issue 50: a person's whole story, to
// look at): a dozen people with statuses, where we met, tags, links and a discipleship tree, faith milestones, weekly
// Bible studies with several people, follow-ups, prayer lists with requests about no one person, rhythms, birthdays,
// goals and one person archived. Prints the account's username and password.
// Usage: tsx scripts/demo-account.ts [http://127.0.0.1:3000]
export {};

const base = process.argv[2] ?? 'http://127.0.0.1:3000';
const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString();
const ahead = (days: number) => new Date(Date.now() + days * DAY).toISOString();
const day = (iso: string) => iso.slice(0, 10);

let cookie = '';
async function call(method: string, path: string, body?: unknown) {
  const res = await fetch(base + path, {
    method,
    headers: { 'content-type': 'application/json', origin: base, cookie },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const set = res.headers.getSetCookie()[0];
  if (set) cookie = set.split(';')[0];
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
  return text ? JSON.parse(text) : undefined;
}

const username = `demo${Date.now().toString(36)}`;
const password = 'a demo account to look at';
await call('POST', '/api/auth/register', { username, email: `${username}@example.com`, password, firstName: 'Priscila', lastName: 'Andrade' });

const people: [string, string, string, string[]][] = [
  ['Ana Souza', 'growing', 'campus', ['campus', 'study']],
  ['Bruno Lima', 'new_believer', 'campus', ['campus', 'study']],
  ['Carla Dias', 'seeking', 'work', ['work']],
  ['Davi Rocha', 'exploring', 'friend', ['study']],
  ['Elisa Moura', 'mature', 'church', ['church']],
  ['Fábio Nunes', 'seeking', 'family', ['family']],
  ['Gabriela Melo', 'exploring', 'event', ['campus']],
  ['Heitor Alves', 'new_believer', 'friend', ['study', 'family']],
  ['Íris Campos', 'growing', 'church', ['church', 'study']],
  ['João Pires', 'unknown', 'online', []],
  ['Karina Teles', 'seeking', 'work', ['work']],
  ['Lucas Prado', 'exploring', 'campus', ['campus']],
];
const id: Record<string, number> = {};
for (const [name, spiritualStatus, source, tags] of people)
  id[name.split(' ')[0]] = (
    await call('POST', '/api/contacts', {
      name,
      spiritualStatus,
      source,
      tags,
      email: `${name
        .split(' ')[0]
        .normalize('NFD')
        .replace(/[^a-z]/gi, '')
        .toLowerCase()}@example.com`,
    })
  ).id;

// Who disciples whom, and the family.
for (const [a, kind, b] of [
  ['Ana', 'discipled_by', 'Elisa'],
  ['Bruno', 'discipled_by', 'Ana'],
  ['Heitor', 'discipled_by', 'Bruno'],
  ['Íris', 'discipled_by', 'Elisa'],
  ['Davi', 'introduced_by', 'Bruno'],
  ['Fábio', 'sibling', 'Heitor'],
  ['Carla', 'coworker', 'Karina'],
  ['Gabriela', 'friend', 'Lucas'],
] as const)
  await call('POST', `/api/contacts/${id[a]}/relationships`, { contactId: id[b], kind });

// Faith milestones over the six months.
for (const [who, kind, days] of [
  ['Ana', 'belief', 170],
  ['Ana', 'baptized', 120],
  ['Ana', 'sharing', 40],
  ['Bruno', 'has_bible', 150],
  ['Bruno', 'belief', 90],
  ['Bruno', 'baptized', 30],
  ['Heitor', 'reading_bible', 60],
  ['Heitor', 'belief', 12],
  ['Íris', 'baptizing', 20],
  ['Davi', 'has_bible', 25],
] as const)
  await call('PUT', `/api/contacts/${id[who]}/milestones/${kind}`, { date: ago(days) });

// A Thursday study with several people, every week for six months, and conversations between.
for (let week = 26; week >= 1; week--) {
  const present = ['Bruno', 'Davi', 'Heitor', 'Íris'].filter((_, i) => (week + i) % 5 !== 0).map((name) => id[name]);
  await call('POST', '/api/activities', {
    contactId: id.Ana,
    contactIds: present,
    type: 'other',
    date: ago(week * 7),
    notes: `Bible study, week ${27 - week}`,
  });
  const one = people[(week * 5) % people.length][0].split(' ')[0];
  await call('POST', '/api/activities', {
    contactId: id[one],
    type: week % 3 ? 'conversation' : 'gospel_presentation',
    date: ago(week * 7 - 3),
    notes: 'Coffee after work',
  });
}

await call('POST', '/api/followups', { contactId: id.Carla, date: ahead(2), type: 'meeting', description: 'Lunch and the question about suffering' });
await call('POST', '/api/followups', {
  contactId: id.Ana,
  date: ahead(4),
  type: 'study',
  description: 'Thursday study',
  repeat: { every: 1, unit: 'week', from: 'date' },
});
await call('POST', '/api/followups', { contactId: id.Karina, date: ago(3), type: 'phone', description: 'Call about the new job' });

const lists: Record<string, number> = {};
for (const [name, perDay] of [
  ['Family', 2],
  ['Campus', 3],
  ['Unreached peoples', 1],
] as const)
  lists[name] = (await call('POST', '/api/prayer-lists', { name, perDay })).id;
for (const [request, contact, list] of [
  ['Healing for his mother', 'Fábio', 'Family'],
  ['Peace at home', 'Heitor', 'Family'],
  ['Courage to speak to her parents', 'Ana', 'Campus'],
  ['The students in the dorm', null, 'Campus'],
  ['Our city', null, 'Unreached peoples'],
  ['The Fulani of the Sahel', null, 'Unreached peoples'],
  ['A new job', 'Karina', null],
] as const)
  await call('POST', '/api/prayer-requests', { contactId: contact ? id[contact] : undefined, request, listId: list ? lists[list] : undefined, date: ago(30) });

for (const [who, days] of [
  ['Carla', 14],
  ['Fábio', 21],
  ['Elisa', 30],
] as const)
  await call('PUT', `/api/contacts/${id[who]}`, { stayInTouchDays: days });
for (const [who, kind, label, date] of [
  ['Ana', 'birthday', 'Birthday', day(ahead(5)).replace(/^\d{4}/, '2001')],
  ['Bruno', 'spiritual_birthday', 'Spiritual birthday', day(ago(90))],
  ['Bruno', 'baptism', 'Baptism anniversary', day(ago(30))],
  ['Fábio', 'birthday', 'Birthday', '1996-02-29'],
] as const)
  await call('POST', `/api/contacts/${id[who]}/dates`, { kind, label, date, yearly: true });

await call('POST', '/api/goals', { title: '3 baptisms this year', description: 'Those we walk with', type: 'baptized', targetCount: 3, deadline: ahead(200) });
await call('POST', '/api/goals', { title: 'Conversations', description: 'Weekly', type: 'conversation', targetCount: 40, deadline: ahead(60) });
await call('POST', `/api/contacts/${id.João}/archive`, { reason: 'unreachable', note: 'Number no longer in use' });

console.log(JSON.stringify({ base, username, password, ana: id.Ana, bruno: id.Bruno }));
