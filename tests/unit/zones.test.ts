// The reminder hour and time zone pickers' words (issue 28): hours on each locale's clock, zones by city, country in the
// reader's language and offset, searchable ignoring accents and digit script.
import { describe, expect, it } from 'vitest';
import { hourLabels, matchingZones, zoneLabel, zoneOptions } from '../../src/lib/zones';

const bare = (text: string) => text.replace(/[\u2068\u2069]/g, '');
// A winter day: Madrid at GMT+1, São Paulo at GMT-3 (no summer time since 2019), Riyadh at GMT+3.
const january = new Date('2027-01-15T12:00:00Z');

describe('hourLabels', () => {
  it('writes the hours as each locale does, never a bare 0-23', () => {
    const en = hourLabels('en');
    expect(en).toHaveLength(24);
    expect(en[0]).toMatch(/^12:00\sAM$/);
    expect(en[19]).toMatch(/^7:00\sPM$/);
    expect(hourLabels('es')[0]).toMatch(/^0?0:00$/);
    expect(hourLabels('fr')[19]).toBe('19:00');
    expect(hourLabels('pt-BR')[19]).toBe('19:00');
    for (const locale of ['en', 'es', 'fr', 'pt-BR', 'ar']) for (const label of hourLabels(locale)) expect(label).not.toMatch(/^\d{1,2}$/);
  });
});

describe('zoneOptions', () => {
  const es = zoneOptions('es', 'Europe/Madrid', january);

  it('lists every zone the runtime knows once, west to east', () => {
    expect(es.length).toBeGreaterThan(300);
    expect(new Set(es.map((option) => option.zone)).size).toBe(es.length);
    const offsets = es.map((option) => option.offset);
    expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
  });

  it('names a zone by its city, its country in the reader’s language and its offset', () => {
    const label = (zone: string, locale = 'es') => bare(zoneLabel(zone, locale, january));
    expect(label('Europe/Madrid')).toBe('Madrid, España (GMT+1)');
    expect(label('America/Sao_Paulo', 'pt-BR')).toBe('Sao Paulo, Brasil (GMT-3)');
    expect(label('Asia/Kolkata', 'fr')).toMatch(/^Kolkata, Inde \(UTC\+5:30\)$/);
    expect(label('Asia/Riyadh', 'ar')).toContain('السعودية');
    expect(es.find((option) => option.zone === 'Asia/Calcutta' || option.zone === 'Asia/Kolkata')!.offset).toBe(330);
    expect(es.find((option) => option.zone === 'America/Sao_Paulo')!.offset).toBe(-180);
  });

  it('keeps a saved zone the runtime does not list', () => {
    expect(zoneOptions('es', 'Mars/Olympus_Mons', january).map((option) => option.zone)).toContain('Mars/Olympus_Mons');
  });
});

describe('matchingZones', () => {
  // Each locale's options built once: building them formats every zone the runtime knows (about a second under load).
  const built = new Map<string, ReturnType<typeof zoneOptions>>();
  const optionsIn = (locale: string) => built.get(locale) ?? built.set(locale, zoneOptions(locale, 'UTC', january)).get(locale)!;
  const zones = (query: string, locale = 'es') => matchingZones(optionsIn(locale), query).map((option) => option.zone);

  it('finds a zone by city or country, ignoring case and accents', () => {
    expect(zones('sao paulo')).toContain('America/Sao_Paulo');
    expect(zones('españa')).toEqual(expect.arrayContaining(['Europe/Madrid', 'Atlantic/Canary']));
    expect(zones('espana')).toContain('Europe/Madrid');
    expect(zones('BRESIL', 'fr')).toContain('America/Sao_Paulo');
    expect(zones('السعودية', 'ar')).toEqual(['Asia/Riyadh']);
  });

  it('finds zones by offset, written as GMT or UTC, in any digits', () => {
    expect(zones('GMT+5:30')).toContain('Asia/Colombo');
    expect(zones('utc+3')).toContain('Asia/Riyadh');
    expect(zones('غرينتش+٣', 'ar')).toContain('Asia/Riyadh');
    expect(zones('mexico gmt-6')).toContain('America/Mexico_City');
  });

  it('gives everything for an empty query and nothing for nonsense', () => {
    expect(zones('  ').length).toBeGreaterThan(300);
    expect(zones('zzzz')).toEqual([]);
  });
});
