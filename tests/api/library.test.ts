// The seeded resource library: enough resources, categories for every icon, paragraphs per line, seeding twice adds nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { prepareDatabase } from '../../db/migrate';
import { resourceLibrary } from '../../db/seed/library';

describe('resource library', () => {
  it('ships at least 8 resources with several paragraphs each and categories for each icon', () => {
    expect(resourceLibrary.length).toBeGreaterThanOrEqual(8);
    for (const resource of resourceLibrary) {
      const paragraphs = resource.content.split('\n');
      expect(paragraphs.length, resource.slug).toBeGreaterThanOrEqual(3);
      expect(
        paragraphs.every((p) => p.trim().length > 0),
        resource.slug,
      ).toBe(true);
      expect(resource.title && resource.description && resource.category).toBeTruthy();
    }
    const categories = resourceLibrary.map((r) => r.category.toLowerCase());
    expect(categories.some((c) => c.includes('gospel'))).toBe(true);
    expect(categories.some((c) => c.includes('evangelism'))).toBe(true);
    expect(categories.some((c) => !c.includes('gospel') && !c.includes('evangelism'))).toBe(true);
    expect(new Set(resourceLibrary.map((r) => r.slug)).size).toBe(resourceLibrary.length);
  });

  it('seeds once however often the server starts', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sower-seed-'));
    const database = await openDatabase({ url: `file:${join(dir, 'seed.db')}` });
    try {
      await prepareDatabase(database);
      await prepareDatabase(database);
      const rows = await database.readerClient.execute('select count(*) as n, count(distinct slug) as slugs from resources where created_by is null');
      expect(Number(rows.rows[0].n)).toBe(resourceLibrary.length);
      expect(Number(rows.rows[0].slugs)).toBe(resourceLibrary.length);
    } finally {
      database.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
