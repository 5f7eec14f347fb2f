// The discreet install (issue 33): what a device that chose it shows of the app where others can see it (the home
// screen, the app switcher, the tab): a neutral name, icon, colour and manifest instead of Sower's. One place for both
// looks, read by the server's page (server/http/page.ts), the client's live switch (src/lib/discreet.ts) and the
// service worker's offline page (sw/sw.js).
import { msg } from './i18n';

/** The cookie this device writes when it chose the discreet install (src/lib/discreet.ts), for the server's first paint. */
export const DISCREET_COOKIE = 'sower_discreet';

/** Whether a request's Cookie header says this device chose the discreet install. */
export function isDiscreetCookie(cookieHeader: string | undefined): boolean {
  return new RegExp(`(?:^|;\\s*)${DISCREET_COOKIE}=1(?:;|$)`).test(cookieHeader ?? '');
}

export interface AppLook {
  /** The title of every page, and the name under the boot screen's mark. */
  name: string;
  manifest: string;
  themeColor: string;
  /** The favicon (SVG), also the boot screen's mark. */
  icon: string;
  appleTouchIcon: string;
}

/** Sower's own look, as index.html and public/manifest.webmanifest write it. */
export const SOWER_LOOK: AppLook = {
  name: 'Sower',
  manifest: '/manifest.webmanifest',
  themeColor: '#12705c',
  icon: '/favicon.svg',
  appleTouchIcon: '/icons/apple-touch-icon.png',
};

/**
 * The discreet look: a name and a plain mark that say nothing of faith, in any language (so not translated: the manifest
 * that names the installed app is one file for everyone), and the manifest public/manifest-discreet.webmanifest.
 */
export const DISCREET_LOOK: AppLook = {
  name: 'Notes',
  manifest: '/manifest-discreet.webmanifest',
  themeColor: '#4b5563',
  icon: '/icons/discreet.svg',
  appleTouchIcon: '/icons/discreet-apple-touch-icon.png',
};

/**
 * Where this device's choice is kept for the service worker, which reads no cookie: an entry in a cache of its own,
 * present when on. The worker's offline page (index.html it keeps) then comes in the discreet look too.
 */
export const DISCREET_FLAG = { cache: 'sower-device', path: '/discreet-install' };

/** The words a discreet page shows without scripts: the server's in the reader's language, the worker's offline page in English (as index.html is). */
export const DISCREET_NOSCRIPT = msg('This app needs JavaScript to run. Please enable it in your browser.');

/** The icon and badge of a discreet reminder's notification (sw/sw.js): the discreet install's mark, not Sower's. */
export const DISCREET_NOTIFICATION_ICON = '/icons/discreet-192.png';

/** The tags of index.html that show a look, each exactly once there. */
export function lookTags(look: AppLook) {
  return {
    themeColor: `<meta name="theme-color" content="${look.themeColor}" />`,
    icon: `<link rel="icon" type="image/svg+xml" href="${look.icon}" />`,
    manifest: `<link rel="manifest" href="${look.manifest}" />`,
    appleTouchIcon: `<link rel="apple-touch-icon" href="${look.appleTouchIcon}" />`,
    title: `<title>${look.name}</title>`,
  };
}

const DESCRIPTION = /<meta name="description" content="[^"]*" \/>/;
const BOOT_MARK = /(<div id="boot">\s*<img src=")[^"]*(" alt="" \/>\s*)[^<]*?(\s*)<span>[^<]*<\/span>/;
const NOSCRIPT = /<noscript>[^<]*<\/noscript>/;

/**
 * Index.html (or a page made from it) in the discreet look: head tags, description, the boot screen's mark, name and
 * tagline, and the words shown without scripts (`noscript`, already escaped). What it does not find stays as it is.
 */
export function discreetPage(html: string, noscript: string): string {
  const sower = lookTags(SOWER_LOOK);
  const discreet = lookTags(DISCREET_LOOK);
  let page = html;
  for (const key of Object.keys(sower) as (keyof typeof sower)[]) page = page.replace(sower[key], discreet[key]);
  return page
    .replace(DESCRIPTION, `<meta name="description" content="${DISCREET_LOOK.name}" />`)
    .replace(BOOT_MARK, `$1${DISCREET_LOOK.icon}$2${DISCREET_LOOK.name}$3`)
    .replace(NOSCRIPT, `<noscript>${noscript}</noscript>`);
}
