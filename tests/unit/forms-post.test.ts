// Every form of the client is method="post": a server-rendered screen's form sent before the app's script runs (Enter
// on a slow phone) must never put what was typed (a password, a name) into the address, the history or a log. The
// server answers such a post with its page again (tests/api/first-screen.test.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

describe('the client’s forms', () => {
  it('all post', () => {
    const files = readdirSync('src', { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.tsx'));
    const forms = files.flatMap((file) => [...readFileSync(join('src', file), 'utf8').matchAll(/<form\b[^>]*>/g)].map((match) => ({ file, tag: match[0] })));
    expect(forms.length).toBeGreaterThan(15);
    expect(forms.filter((form) => !form.tag.includes('method="post"'))).toEqual([]);
  });
});
