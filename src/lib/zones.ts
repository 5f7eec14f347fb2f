// The reminder hour and time zone as a reader of each language writes them (issue 28): hours on the locale's 12- or
// 24-hour clock, and each IANA zone as its city, its country in the reader's language and its offset today, searchable.
import { asciiDigits, foldText } from '../../shared/fold';

/** '7:00 AM' or '07:00' as this reader writes hours (Intl picks the 12- or 24-hour clock of the locale), for 0-23. */
export function hourLabels(locale: string): string[] {
  const format = new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit' });
  return Array.from({ length: 24 }, (_, hour) => format.format(new Date(2000, 0, 1, hour)));
}

export interface ZoneOption {
  /** The IANA name, what is saved. */
  zone: string;
  /** 'Madrid, España (GMT+1)'. */
  label: string;
  /** Minutes east of UTC now, what the list is sorted by. */
  offset: number;
  /** The label, the IANA name and the offset in ASCII, folded: what a search is matched against. */
  key: string;
}

let regions: Map<string, string> | undefined;

/** The country (ISO region) of each zone, from the zones Intl lists for each region; built once. */
function regionOf(zone: string): string | undefined {
  if (!regions) {
    regions = new Map();
    // Codes no longer in use ('NT', the old Neutral Zone, still lists Riyadh) have no name: skipped.
    const named = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
    const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    // The name first: asking a region's zones costs about ten times as much, and most two-letter codes name none.
    for (const a of letters)
      for (const b of letters) {
        if (!named.of(a + b)) continue;
        const locale = new Intl.Locale(`und-${a}${b}`) as Intl.Locale & { getTimeZones?(): string[]; timeZones?: string[] };
        for (const name of locale.getTimeZones?.() ?? locale.timeZones ?? []) if (!regions.has(name)) regions.set(name, a + b);
      }
  }
  return regions.get(zone) ?? regions.get(canonical(zone));
}

/** The name this runtime's time-zone data files a zone under ('Asia/Kolkata' is 'Asia/Calcutta' in ICU). */
function canonical(zone: string): string {
  try {
    return new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return zone;
  }
}

/** 'GMT+5:30', 'UTC−3' or 'غرينتش+٣' as minutes east of UTC. */
function minutesOf(offset: string): number {
  const match = /([+\-\u2212])(\d{1,2})(?::(\d{2}))?/.exec(asciiDigits(offset));
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3] ?? 0);
  return match[1] === '+' ? minutes : -minutes;
}

const isolate = (text: string) => `\u2068${text}\u2069`;

function optionOf(zone: string, locale: string, countries: Intl.DisplayNames, now: Date): ZoneOption {
  let offsetText = '';
  try {
    offsetText =
      new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: 'shortOffset' }).formatToParts(now).find((part) => part.type === 'timeZoneName')?.value ??
      '';
  } catch {
    // A zone this browser does not know (saved from another device): its name alone.
  }
  const offset = minutesOf(offsetText);
  const city = zone.split('/').at(-1)!.replace(/_/g, ' ');
  const region = regionOf(zone);
  const country = region ? countries.of(region) : undefined;
  const place = country && country !== city ? `${isolate(city)}, ${country}` : isolate(city);
  const label = offsetText ? `${place} (${offsetText})` : place;
  const sign = offset < 0 ? '-' : '+';
  const ascii = `gmt${sign}${Math.floor(Math.abs(offset) / 60)}${offset % 60 ? `:${String(Math.abs(offset) % 60).padStart(2, '0')}` : ''}`;
  return { zone, label, offset, key: foldText(`${label} ${zone.replace(/[_/]/g, ' ')} ${ascii} ${ascii.replace('gmt', 'utc')}`) };
}

/** Every zone this browser knows (and the chosen one, even if it does not), west to east, then by name. */
export function zoneOptions(locale: string, chosen: string, now = new Date()): ZoneOption[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const names = known.includes(chosen) ? known : [chosen, ...known];
  const countries = new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' });
  const collator = new Intl.Collator(locale);
  return names.map((zone) => optionOf(zone, locale, countries, now)).sort((a, b) => a.offset - b.offset || collator.compare(a.label, b.label));
}

/** The zones whose label, IANA name or offset hold every word of the query, ignoring case, accents and digit script. */
export function matchingZones(options: readonly ZoneOption[], query: string): ZoneOption[] {
  const words = foldText(query)
    .replace(/\butc\b/g, 'gmt')
    .split(' ')
    .filter(Boolean);
  if (words.length === 0) return [...options];
  return options.filter((option) => words.every((word) => option.key.includes(word)));
}

/** One zone's label in the reader's language ('Madrid, España (GMT+1)'). */
export function zoneLabel(zone: string, locale: string, now = new Date()): string {
  return optionOf(zone, locale, new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' }), now).label;
}
