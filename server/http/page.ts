// The app's page for a client route, made for the request (issue 32, its first step): `<html lang dir>` in the
// reader's language (the account's, else Accept-Language), the colour theme from the `theme` cookie the app writes when
// someone chooses one (decision 009), and the boot screen's words in that language. A dark-theme user never gets a
// light frame, an Arabic reader gets a right-to-left page, before any script has run. The page holds no one's data,
// but it is made from the request's session and cookies: `private, no-store`, as the server-rendered screens will be.
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import { isLocale, msg, textDirection, type Locale } from '../../shared/i18n';
import { translate } from '../i18n';
import { DISCREET_NOSCRIPT, discreetPage, isDiscreetCookie, lookTags, SOWER_LOOK } from '../../shared/discreet';
import { STATE_ELEMENT_ID } from '../../shared/firstScreen';
import { isTheme, themeNames, type Theme } from '../../shared/theme';
import type { Screen } from './firstScreen';
import { acceptedEncoding } from './static';

export type ThemeCookie = Theme | null;

/** The `theme` cookie's value: light or dark; anything else (or none) follows the system. */
export function themeCookie(cookieHeader: string | undefined): ThemeCookie {
  const value = /(?:^|;\s*)theme=([^;]*)/.exec(cookieHeader ?? '')?.[1]?.trim();
  return isTheme(value) ? value : null;
}

/** The `lang` cookie: the language chosen on this device (src/i18n/index.ts), for a guest's page; or none. */
export function localeCookie(cookieHeader: string | undefined): Locale | null {
  const value = /(?:^|;\s*)lang=([^;]*)/.exec(cookieHeader ?? '')?.[1]?.trim();
  return isLocale(value) ? value : null;
}

const TAGLINE = msg('Track and manage your gospel sharing journey');
const NEEDS_SCRIPT = msg('Sower needs JavaScript to run. Please enable it in your browser.');

/** The pieces of the built index.html a page replaces; the build must hold each exactly once. */
const pieces = {
  html: '<html lang="en">',
  colorScheme: '<meta name="color-scheme" content="light dark" />',
  description: `<meta name="description" content="${TAGLINE}" />`,
  tagline: `<span>${TAGLINE}</span>`,
  noscript: `<noscript>${NEEDS_SCRIPT}</noscript>`,
  // What the discreet install replaces (shared/discreet.ts).
  ...lookTags(SOWER_LOOK),
};

/** Where a rendered screen goes: the root element (the boot screen in it) up to the end of the body. */
const ROOT = '<div id="root">';
const BODY_END = '</body>';
const BOOT_SCREEN = /^<div id="root">\s*<div id="boot">[^]*?<\/div>\s*<\/div>\s*$/;
/** The session check's preload: a rendered screen holds its answer already. */
const SESSION_PRELOAD = /<!--[^]*?-->\s*<link\s+rel="preload"\s+as="fetch"[^>]*auth\.me[^>]*>/;
const TITLE = lookTags(SOWER_LOOK).title;
const CHARSET = '<meta charset="UTF-8" />';
const STYLESHEET = /<link rel="stylesheet"[^>]*>/;

const compressGzip = promisify(gzip);
const compressBrotli = promisify(brotliCompress);

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

interface Variant {
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
  etag: string;
}

/**
 * Pages from the built index.html: one per language, theme and look (thirty at most), each made and compressed the first
 * time it is asked for. A build that lacks a piece this replaces gets none (null, and the reason logged): its client
 * routes keep the plain index.html.
 */
export function createPages(shell: string, log: (message: string) => void) {
  const missing = Object.values(pieces).find((piece) => shell.split(piece).length !== 2);
  const screensFit =
    shell.split(ROOT).length === 2 &&
    shell.split(TITLE).length === 2 &&
    SESSION_PRELOAD.test(shell) &&
    BOOT_SCREEN.test(shell.slice(shell.indexOf(ROOT), shell.indexOf(BODY_END)));
  if (!missing && !screensFit) log('index.html has no boot screen, title or session preload where server/http/page.ts expects them: no first screens');
  if (missing) {
    log(`index.html does not hold ${missing} exactly once: client routes get the plain index.html (server/http/page.ts)`);
    return null;
  }
  const variants = new Map<string, Variant>();

  function render(locale: Locale, theme: ThemeCookie, discreet = false) {
    const tagline = escapeHtml(translate(locale, TAGLINE));
    const themeAttribute = theme ? ` data-theme="${themeNames[theme]}"` : '';
    const page = shell
      .replace(pieces.html, `<html lang="${locale}" dir="${textDirection(locale)}"${themeAttribute}>`)
      .replace(pieces.colorScheme, `<meta name="color-scheme" content="${theme ?? 'light dark'}" />`)
      .replace(pieces.description, `<meta name="description" content="${tagline}" />`)
      .replace(pieces.tagline, `<span>${tagline}</span>`)
      .replace(pieces.noscript, `<noscript>${escapeHtml(translate(locale, NEEDS_SCRIPT))}</noscript>`);
    // A device that chose the discreet install: its title is the neutral name on every screen (the app switcher shows it).
    return discreet ? discreetPage(page, escapeHtml(translate(locale, DISCREET_NOSCRIPT))) : page;
  }

  /** The page around a screen rendered for this request: its HTML in the root, its cache beside it, its title and code named. */
  function screenPage(locale: Locale, theme: ThemeCookie, discreet: boolean, screen: Screen) {
    const page = render(locale, theme, discreet);
    const state = screen.state.replace(/</g, '\\u003c');
    const preloads = screen.preloads.map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}">`).join('');
    let head = page
      .slice(0, page.indexOf(ROOT))
      .replace(SESSION_PRELOAD, '')
      .replace(TITLE, `<title>${escapeHtml(screen.title)}</title>`);
    // The stylesheet is all the screen needs to be painted: asked for first, before the scripts that only hydrate it
    // (Vite puts it after them), and the page's own chunks last, after the screen.
    const stylesheet = STYLESHEET.exec(head)?.[0];
    if (stylesheet) head = head.replace(stylesheet, '').replace(CHARSET, `${CHARSET}${stylesheet}`);
    const body = `${ROOT}${screen.html}</div><script type="application/json" id="${STATE_ELEMENT_ID}">${state}</script>${preloads}`;
    return `${head}${body}${page.slice(page.indexOf(BODY_END))}`;
  }

  function variant(locale: Locale, theme: ThemeCookie, discreet: boolean) {
    const key = `${locale}:${theme}:${discreet}`;
    let found = variants.get(key);
    if (!found) {
      const identity = Buffer.from(render(locale, theme, discreet));
      found = {
        identity,
        gzip: gzipSync(identity, { level: 9 }),
        br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        etag: createHash('sha256').update(identity).digest('base64url').slice(0, 22),
      };
      variants.set(key, found);
    }
    return found;
  }

  return {
    render,
    /** Whether rendered screens can be put in this build's index.html. */
    screensFit,
    /** A screen rendered for this request: made for one person, compressed for this answer only, never stored. */
    async serveScreen(req: IncomingMessage, res: ServerResponse, locale: Locale, screen: Screen) {
      const identity = Buffer.from(screenPage(locale, themeCookie(req.headers.cookie), isDiscreetCookie(req.headers.cookie), screen));
      const encoding = acceptedEncoding(req.headers['accept-encoding'], ['br', 'gzip']);
      // Quick settings, off the event loop: a page is sent once.
      const body =
        encoding === 'br'
          ? await compressBrotli(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length } })
          : encoding === 'gzip'
            ? await compressGzip(identity, { level: 6 })
            : identity;
      sendPage(req, res, locale, body, encoding);
    },
    serve(req: IncomingMessage, res: ServerResponse, locale: Locale) {
      const page = variant(locale, themeCookie(req.headers.cookie), isDiscreetCookie(req.headers.cookie));
      const encoding = acceptedEncoding(req.headers['accept-encoding'], ['br', 'gzip']);
      sendPage(req, res, locale, encoding ? page[encoding] : page.identity, encoding);
    },
  };
}

function sendPage(req: IncomingMessage, res: ServerResponse, locale: Locale, body: Buffer, encoding: 'br' | 'gzip' | null) {
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Content-Language', locale);
  res.setHeader('Cache-Control', 'private, no-store');
  res.setHeader('Vary', 'Accept-Encoding, Accept-Language, Cookie');
  if (encoding) res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', body.length);
  res.end(req.method === 'HEAD' ? undefined : body);
}
