/**
 * Issue 8, start-up recovery: a damaged (or newer-Herald) campaign file is moved aside unchanged, Herald starts on an
 * empty file and offers the newest verified backup; the organiser chooses on the recovery screen.
 */
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type HeraldApp } from './fixtures';
import { BackupsPage } from './pages/BackupsPage';
import { HomePage } from './pages/HomePage';
import { RecoveryPage } from './pages/RecoveryPage';

const sha256 = (file: string) => createHash('sha256').update(fs.readFileSync(file)).digest('hex');
const knownVersions = (JSON.parse(fs.readFileSync(path.resolve('migrations/meta/_journal.json'), 'utf8')) as { entries: unknown[] }).entries.length;

/** A campaign, backed up by hand, then Herald is closed. */
async function campaignWithBackup(app: HeraldApp, name: string) {
  const home = new HomePage(app.page);
  await home.waitUntilReady();
  await home.createCampaign(name);
  await expect(home.campaign(name)).toBeVisible();
  const backups = new BackupsPage(app.page);
  await backups.open();
  await backups.backUpNow();
  await app.close();
  return path.join(app.dataDir, 'herald.sqlite');
}

test('a damaged campaign file is set aside unchanged; the organiser restores the offered backup and the campaign is back', async ({ herald }) => {
  const first = await herald.launch();
  const file = await campaignWithBackup(first, 'Siege of Vraks');
  // Damage it: wreck the schema page after the header.
  const bytes = fs.readFileSync(file);
  bytes.fill(0x5a, 100, 4096);
  fs.writeFileSync(file, bytes);
  const damagedHash = sha256(file);

  const app = await herald.launch(first.dataDir);
  const recovery = new RecoveryPage(app.page);
  await recovery.waitUntilShown();
  await expect(recovery.heading).toHaveText('The campaign file is damaged');
  await expect(recovery.setAsideFile).toHaveText(/^herald\.sqlite\.damaged-\d{8}-\d{6}Z$/);
  await expect(app.page.getByText(first.dataDir, { exact: true })).toBeVisible();
  const setAside = path.join(first.dataDir, (await recovery.setAsideFile.textContent())!);
  expect(sha256(setAside)).toBe(damagedHash);
  await expect(recovery.restoreButton).toContainText('(backed up by hand)');

  await recovery.restoreOffered();
  const home = new HomePage(app.page);
  await home.waitUntilReady();
  await expect(home.campaign('Siege of Vraks')).toBeVisible();
  // The choice is made: a reload goes straight to the campaigns, and the damaged file is still kept as it was.
  await app.page.reload();
  await home.waitUntilReady();
  await expect(recovery.heading).toHaveCount(0);
  expect(sha256(setAside)).toBe(damagedHash);
});

test('a file from a newer Herald is set aside, with the version it needs; the organiser looks at the backups, then starts empty', async ({ herald }) => {
  const first = await herald.launch();
  const file = await campaignWithBackup(first, 'Armageddon');
  // A later Herald's file: its migrations table names a migration this Herald does not know.
  const db = new Database(file);
  db.prepare(`INSERT INTO __drizzle_migrations (hash, created_at) VALUES ('a-later-herald', 9999999999999)`).run();
  db.pragma('journal_mode = DELETE');
  db.close();
  const newerHash = sha256(file);

  const app = await herald.launch(first.dataDir);
  const recovery = new RecoveryPage(app.page);
  await recovery.waitUntilShown();
  await expect(recovery.heading).toHaveText('The campaign file was saved by a newer Herald');
  await expect(recovery.setAsideFile).toHaveText(/^herald\.sqlite\.newer-/);
  await expect(app.page.getByText(`It is campaign-file version ${knownVersions + 1}, and this Herald reads up to version ${knownVersions}`)).toBeVisible();
  await expect(app.page.getByText('To open it as it was:')).toBeVisible();
  expect(sha256(path.join(first.dataDir, (await recovery.setAsideFile.textContent())!))).toBe(newerHash);

  // "Choose another backup" shows the Backups screen with the set-aside file named; back to the choices from there.
  await recovery.chooseAnotherBackup();
  const backups = new BackupsPage(app.page);
  await expect(app.page.getByRole('heading', { name: 'Backups and campaign files', level: 1 })).toBeVisible();
  await expect(app.page.getByRole('region', { name: 'Choosing a backup' })).toContainText('herald.sqlite.newer-');
  // The first start's daily backup and the one made by hand: nothing was backed up while the choice was pending.
  await expect(backups.rows).toHaveCount(2);
  await app.page.getByRole('link', { name: 'back to the recovery choices' }).click();
  await recovery.waitUntilShown();

  await recovery.startEmpty();
  const home = new HomePage(app.page);
  await home.waitUntilReady();
  await expect(app.page.getByText('No campaigns yet.')).toBeVisible();
  await app.page.reload();
  await home.waitUntilReady();
  await expect(recovery.heading).toHaveCount(0);
});
