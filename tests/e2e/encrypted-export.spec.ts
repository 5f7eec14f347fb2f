// Settings → Export: the encrypted export downloaded from the page and opened by the age authors' own implementation;
// the import form asks for the passphrase of an encrypted file and imports it.
import { mkdtemp, readFile, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Decrypter } from 'age-encryption';
import { expect, isPhone, photograph, test } from './fixtures';

const PASSPHRASE = 'a long and memorable passphrase';

test('the encrypted export downloads from Settings and opens with its passphrase to the account’s data', async ({ page, user, seeded: _seeded }) => {
  test.slow();
  await page.goto('/settings');
  const form = page.getByRole('form', { name: 'All my data (JSON), encrypted' });
  await form.getByLabel('Passphrase (at least 12 characters)').fill('too short');
  await form.getByLabel('Repeat the passphrase').fill('too short');
  await form.getByRole('button', { name: 'Download encrypted' }).click();
  await expect(form.getByText('The passphrase must be at least 12 characters')).toBeVisible();
  await form.getByLabel('Passphrase (at least 12 characters)').fill(PASSPHRASE);
  await form.getByLabel('Repeat the passphrase').fill(`${PASSPHRASE}!`);
  await form.getByRole('button', { name: 'Download encrypted' }).click();
  await expect(form.getByText("Passphrases don't match")).toBeVisible();
  await form.getByLabel('Repeat the passphrase').fill(PASSPHRASE);
  const [download] = await Promise.all([page.waitForEvent('download'), form.getByRole('button', { name: 'Download encrypted' }).click()]);
  expect(download.suggestedFilename()).toBe('sower-export.json.age');
  const path = (await download.path())!;
  const bytes = await readFile(path);
  expect(bytes.subarray(0, 22).toString()).toBe('age-encryption.org/v1\n');
  const decrypter = new Decrypter();
  decrypter.addPassphrase(PASSPHRASE);
  const data = JSON.parse(await decrypter.decrypt(bytes, 'text'));
  expect(data.user.username).toBe(user.username);
  expect(data.contacts.map((c: { name: string }) => c.name).sort()).toEqual(['James Okafor', 'Maria Santos']);
  expect(data.activities.length).toBeGreaterThan(0);
  // The fields are emptied once the file is saved: the passphrase stays nowhere on the page.
  await expect(form.getByLabel('Passphrase (at least 12 characters)')).toHaveValue('');

  // The import form asks for the passphrase once it sees an encrypted file, says when it is not the right one, and
  // imports the file with the right one (into the same account: its two contacts come again).
  const importForm = page.locator('form', { has: page.getByLabel('Sower export (.json or .age)') });
  await importForm.getByLabel('Sower export (.json or .age)').setInputFiles(path);
  await importForm.getByRole('button', { name: 'Import' }).click();
  await expect(importForm.getByText('This file is encrypted: enter the passphrase it was made with.')).toBeVisible();
  await importForm.getByLabel('Passphrase of this file').fill('not the passphrase at all');
  await importForm.getByRole('button', { name: 'Import' }).click();
  // Each answer waits for a key derivation (about a second of one core), one at a time in the whole server: on a busy
  // machine, behind the other viewport's, it takes several.
  const derivation = { timeout: 30_000 };
  await expect(importForm.getByText('The passphrase does not open this file.')).toBeVisible(derivation);
  await importForm.getByLabel('Passphrase of this file').fill(PASSPHRASE);
  await importForm.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByText('Export imported')).toBeVisible(derivation);
  await expect(page.getByText(/^2 contacts, \d+ records added; nothing left out\.$/)).toBeVisible();
  await expect(importForm.getByLabel('Passphrase of this file')).toBeHidden();
  // A file past what one import may carry is refused before it is sent, saying so (a sparse file: no 64 MB written).
  const big = join(await mkdtemp(join(tmpdir(), 'sower-big-')), 'big.json');
  await writeFile(big, '');
  await truncate(big, 64_000_001);
  await importForm.getByLabel('Sower export (.json or .age)').setInputFiles(big);
  await expect(importForm.getByText('This file is larger than 64 MB, more than Sower can import at once.')).toBeVisible();
  const viewport = isPhone(page) ? 'phone' : 'desktop';
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await form.scrollIntoViewIfNeeded();
    await photograph(page, `encrypted-export-${viewport}-${scheme}.png`);
    await importForm.scrollIntoViewIfNeeded();
    await photograph(page, `export-import-${viewport}-${scheme}.png`);
  }
});
