// The server speaks the reader's language: the user's saved one, else Accept-Language, else English; in validation and
// error messages over REST and tRPC, in the calendar feed, and in the resource library (English where an article has
// no version in the language).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourceTranslations } from '../../db/schema';
import { translate } from '../../server/i18n';
import { ApiClient, daysFromNow, signedInClient, startSignedIn, type TestServer } from './harness';

let server: TestServer;
let spanish: ApiClient;
let english: ApiClient;

beforeAll(async () => {
  ({ server, client: spanish } = await startSignedIn('sp'));
  english = (await signedInClient(server, 'en')).client;
  expect((await spanish.put('/api/account/language', { language: 'es' })).status).toBe(200);
});
afterAll(() => server.close());

const inSpanish = (text: string) => {
  const translated = translate('es', text);
  expect(translated).not.toBe(text);
  return translated;
};

describe('the language of an account', () => {
  it('is saved, shown in the session and refused when it is not one of Sower’s', async () => {
    expect((await spanish.get('/api/auth/me')).body.language).toBe('es');
    const bad = await spanish.put('/api/account/language', { language: 'de' });
    expect(bad.status).toBe(400);
    expect(bad.body.issues[0].path).toBe('language');
    // The refusal is in Spanish too, and changed nothing.
    expect(bad.body.message).toBe(translate('es', 'Language must be one of {languages}', { languages: 'en, es, pt-BR, fr, ar' }));
    expect((await spanish.get('/api/auth/me')).body.language).toBe('es');
  });

  it('is taken from registration, and a language chosen at sign-in replaces it', async () => {
    const visitor = new ApiClient(server.baseUrl);
    const name = `ar${Date.now().toString(36)}`;
    const registered = await visitor.post('/api/auth/register', {
      username: name,
      email: `${name}@example.com`,
      password: 'correct horse battery',
      language: 'ar',
    });
    expect(registered.status).toBe(201);
    expect(registered.body.language).toBe('ar');
    const again = new ApiClient(server.baseUrl);
    const login = await again.post('/api/auth/login', { username: name, password: 'correct horse battery', language: 'fr' });
    expect(login.status).toBe(200);
    expect(login.body.user.language).toBe('fr');
    expect((await again.get('/api/auth/me')).body.language).toBe('fr');
    // Signing in without choosing keeps the account's.
    const third = new ApiClient(server.baseUrl);
    expect((await third.post('/api/auth/login', { username: name, password: 'correct horse battery' })).body.user.language).toBe('fr');
  });

  it('a registration without one takes the Accept-Language the visitor reads', async () => {
    const visitor = new ApiClient(server.baseUrl);
    const name = `pt${Date.now().toString(36)}`;
    const res = await visitor.request(
      'POST',
      '/api/auth/register',
      { username: name, email: `${name}@example.com`, password: 'correct horse battery' },
      { 'Accept-Language': 'pt-BR,pt;q=0.9,en;q=0.5' },
    );
    expect(res.body.language).toBe('pt-BR');
  });
});

describe('validation and errors in the reader’s language', () => {
  it('a Spanish user’s validation error is in Spanish, whatever Accept-Language says', async () => {
    const res = await spanish.request('POST', '/api/contacts', { name: '' }, { 'Accept-Language': 'fr' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('BAD_REQUEST');
    expect(res.body.issues).toEqual([{ path: 'name', message: inSpanish('Name is required') }]);
    expect(res.body.message).toBe(inSpanish('Name is required'));
  });

  it('a visitor’s, with Accept-Language: es, is in Spanish; without it, the spec’s English', async () => {
    const visitor = new ApiClient(server.baseUrl);
    const es = await visitor.request('POST', '/api/auth/login', { username: '', password: '' }, { 'Accept-Language': 'es' });
    expect(es.status).toBe(400);
    expect(es.body.message).toBe(inSpanish('Username is required'));
    const en = await visitor.post('/api/auth/login', { username: '', password: '' });
    expect(en.body.message).toBe('Username is required');
    const wrong = await visitor.request(
      'POST',
      '/api/auth/login',
      { username: 'nobody-here', password: 'wrong password' },
      { 'Accept-Language': 'es-MX,es;q=0.9' },
    );
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe(inSpanish('Invalid username or password'));
  });

  it('a message made from a template is translated with its values', async () => {
    const res = await spanish.post('/api/contacts', { name: 'x'.repeat(201) });
    expect(res.status).toBe(400);
    expect(res.body.message).not.toMatch(/must be at most/);
    expect(res.body.message).toBe(translate('es', '{label} must be at most {max} characters', { label: translate('es', 'Name'), max: 200 }));
  });

  it('errors before the session is read follow Accept-Language', async () => {
    const res = await new ApiClient(server.baseUrl).request('GET', '/api/no-such-thing', undefined, { 'Accept-Language': 'fr-CI' });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(translate('fr', 'No such API path'));
    expect(res.body.message).not.toBe('No such API path');
    const method = await new ApiClient(server.baseUrl).request('PATCH', '/api/contacts', {}, { 'Accept-Language': 'ar' });
    expect(method.status).toBe(405);
    expect(method.body.message).toBe(translate('ar', '{method} is not supported on {path}', { method: 'PATCH', path: '/api/contacts' }));
  });

  it('over tRPC, each call of a batch answers in the user’s language', async () => {
    const res = await fetch(`${server.baseUrl}/trpc/contacts.create,contacts.create?batch=1`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: spanish.cookie, Origin: server.baseUrl },
      body: JSON.stringify({ 0: { json: { name: '' } }, 1: { json: { name: 'y'.repeat(201) } } }),
    });
    const body = (await res.json()) as { error: { json: { message: string } } }[];
    expect(body[0].error.json.message).toBe(inSpanish('Name is required'));
    expect(body[1].error.json.message).toContain('200');
    expect(body[1].error.json.message).not.toMatch(/must be at most/);
  });

  it('a hostile Accept-Language is bounded and answered in English', async () => {
    const res = await new ApiClient(server.baseUrl).request('POST', '/api/auth/login', {}, { 'Accept-Language': `${'x;q=0.5,'.repeat(2000)}es` });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Username is required');
  });
});

describe('the calendar feed in the owner’s language', () => {
  it('names each follow-up in the owner’s words, whoever fetches it', async () => {
    const maria = (await spanish.post('/api/contacts', { name: 'Maria' })).body.id;
    expect((await spanish.post('/api/followups', { contactId: maria, date: daysFromNow(3), type: 'phone', description: 'Llamar' })).status).toBe(201);
    const { url } = (await spanish.post('/api/calendar/enable')).body;
    const feed = await new ApiClient(server.baseUrl).request('GET', url, undefined, { 'Accept-Language': 'en' });
    expect(feed.status).toBe(200);
    const summary = translate('es', '{type}: {name}', { type: inSpanish('Phone call'), name: 'Maria' });
    expect(feed.body).toContain(`SUMMARY:${summary}`);
    expect(feed.body).not.toContain('SUMMARY:Phone call');
  });
});

describe('the resource library in the reader’s language', () => {
  it('shows each article as written for the language, and English to an English reader', async () => {
    const es = (await spanish.get('/api/resources')).body as { id: number; title: string }[];
    const en = (await english.get('/api/resources')).body as { id: number; title: string }[];
    expect(es.map((r) => r.id)).toEqual(en.map((r) => r.id));
    expect(en.map((r) => r.title)).toContain('The Gospel in Four Movements');
    expect(es.map((r) => r.title)).not.toContain('The Gospel in Four Movements');
    const article = (await spanish.get(`/api/resources/${es[0].id}`)).body;
    expect(article.title).toBe(es[0].title);
    expect(article.content).not.toBe((await english.get(`/api/resources/${es[0].id}`)).body.content);
  });

  it('falls back to English for an article the language lacks', async () => {
    const en = (await english.get('/api/resources')).body as { id: number; title: string }[];
    const missing = en[1];
    await server.database.write((tx) => tx.delete(resourceTranslations).where(eq(resourceTranslations.resourceId, missing.id)));
    const es = (await spanish.get('/api/resources')).body as { id: number; title: string }[];
    expect(es.find((r) => r.id === missing.id)?.title).toBe(missing.title);
    expect(es.find((r) => r.id === en[0].id)?.title).not.toBe(en[0].title);
    expect((await spanish.get(`/api/resources/${missing.id}`)).body.title).toBe(missing.title);
  });
});
