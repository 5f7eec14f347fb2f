// The one-click unsubscribe of reminder emails (RFC 8058), at UNSUBSCRIBE_PATH?token=…, with no session: the token in
// the link is the credential, and all it can do is turn email reminders off for its owner.
// - POST (what mail providers send, with no cookie and no Origin; also the button of the page below) sets byEmail=false.
// - GET shows a small page whose button POSTs: a GET never changes anything, since link scanners follow links.
// - An unknown token answers a 404 page after the same one indexed lookup, so timing tells nothing useful (256-bit tokens).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users, userSettings } from '../../db/schema';
import { textDirection, type Locale } from '../../shared/i18n';
import { requestLocale, translate } from '../i18n';
import { escapeHtml } from './digest';

/** A token longer than any we make is looked up cut to this length (it then matches nothing). */
const TOKEN_MAX = 100;

function page(res: ServerResponse, status: number, locale: Locale, title: string, body: string) {
  const html = [
    '<!doctype html>',
    `<html lang="${escapeHtml(locale)}" dir="${textDirection(locale)}">`,
    `<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title></head>`,
    `<body style="font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;max-width:480px;margin:48px auto;padding:0 16px;line-height:1.5;color:#111827">`,
    `<h1 style="font-size:20px">${escapeHtml(title)}</h1>`,
    body,
    '</body></html>',
  ].join('\n');
  res.statusCode = status;
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  // The page's own URL holds the token: never send it on as a Referer.
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('X-Robots-Tag', 'noindex');
  res.setHeader('Content-Length', Buffer.byteLength(html));
  res.end(html);
}

export async function handleUnsubscribe(req: IncomingMessage, res: ServerResponse, url: URL, database: Database) {
  // The body (RFC 8058's "List-Unsubscribe=One-Click") says nothing the method does not: drop it unread.
  req.resume();
  const method = (req.method ?? 'GET').toUpperCase();
  const token = (url.searchParams.get('token') ?? '').slice(0, TOKEN_MAX);
  if (method !== 'GET' && method !== 'HEAD' && method !== 'POST') {
    res.setHeader('Allow', 'GET, HEAD, POST');
    const locale = requestLocale(null, req.headers['accept-language']);
    return page(res, 405, locale, translate(locale, 'Email reminders'), '');
  }
  const [owner] = await database.read
    .select({ userId: userSettings.userId, language: users.language, byEmail: userSettings.byEmail })
    .from(userSettings)
    .innerJoin(users, eq(users.id, userSettings.userId))
    .where(eq(userSettings.unsubscribeToken, token || '\u0000'));
  const locale = requestLocale(owner?.language, req.headers['accept-language']);
  const title = translate(locale, 'Email reminders');
  if (!owner)
    return page(
      res,
      404,
      locale,
      title,
      `<p>${escapeHtml(translate(locale, 'This link does not work. Each reminder email has its own link to turn email reminders off.'))}</p>`,
    );

  if (method === 'POST') {
    await database.write((tx) => tx.update(userSettings).set({ byEmail: false }).where(eq(userSettings.unsubscribeToken, token)));
    return page(res, 200, locale, title, `<p>${escapeHtml(translate(locale, 'Email reminders are off. You can turn them on again in Sower’s Settings.'))}</p>`);
  }
  const action = `${url.pathname}?token=${encodeURIComponent(token)}`;
  const question = owner.byEmail
    ? translate(locale, 'Stop the daily reminder emails from Sower?')
    : translate(locale, 'Email reminders are off. You can turn them on again in Sower’s Settings.');
  const form = owner.byEmail
    ? `<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit" style="font:inherit;padding:8px 16px;border-radius:6px;border:1px solid #2563eb;background:#2563eb;color:#fff;cursor:pointer">${escapeHtml(translate(locale, 'Turn off email reminders'))}</button></form>`
    : '';
  return page(res, 200, locale, title, `<p>${escapeHtml(question)}</p>${form}`);
}
