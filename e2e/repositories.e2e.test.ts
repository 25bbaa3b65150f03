import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, startApp } from './support/app-server.ts';
import { type Browser, openBrowser } from './support/browser.ts';
import { settle } from './support/page-tools.ts';
import { apiAs, createUser, signInBrowser, type TE2eUser } from './support/users.ts';

const FIRST = 'Family Office';
const SECOND = 'Trading';

interface TRepositoryRow {
  id: string;
  name: string;
  access_type: number;
}

async function seeToast(page: Page, text: string, timeout = 15_000): Promise<void> {
  await page.getByText(text, { exact: true }).first().waitFor({ timeout });
}

/**
 * Whether `text` shows on the page at any moment from now on, however briefly: a small import ends in a few
 * hundred milliseconds, and its progress toast turns into the success toast before a poll could see it.
 */
async function watchForText(page: Page, text: string): Promise<() => Promise<boolean>> {
  await page.evaluate((wanted) => {
    const seen = window as unknown as { __seenText?: Record<string, boolean> };
    seen.__seenText = { ...seen.__seenText, [wanted]: document.body.textContent?.includes(wanted) ?? false };
    const observer = new MutationObserver(() => {
      if (document.body.textContent?.includes(wanted) && seen.__seenText) {
        seen.__seenText[wanted] = true;
        observer.disconnect();
      }
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  }, text);
  return () =>
    page.evaluate(
      (wanted) =>
        Boolean((window as unknown as { __seenText?: Record<string, boolean> }).__seenText?.[wanted]),
      text,
    );
}

function switcher(page: Page, name?: string) {
  return page.getByRole('button', { name: name ? `Repository: ${name}` : /^Repositor/ });
}

async function openSwitcherItem(page: Page, item: string | RegExp): Promise<void> {
  await switcher(page).click();
  await page.getByRole('menuitem', { name: item }).click();
}

async function createThroughUi(page: Page, name: string): Promise<void> {
  await openSwitcherItem(page, 'New repository');
  const dialog = page.getByRole('dialog', { name: /^New repository/ });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await seeToast(page, `Repository ${name} created`);
  await switcher(page, name).waitFor();
}

describe('repositories in the browser', () => {
  let app: RunningApp;
  let ownerBrowser: Browser;
  let guestBrowser: Browser;
  let owner: TE2eUser;
  let guest: TE2eUser;
  const downloads = mkdtempSync(join(tmpdir(), 'strata-e2e-downloads-'));
  let exportedPath = '';

  beforeAll(async () => {
    app = await startApp();
    owner = await createUser(app, { email: 'owner.e2e@example.com', name: 'Olivia Owner' });
    guest = await createUser(app, { email: 'guest.e2e@example.com', name: 'Gus Guest' });
    ownerBrowser = await openBrowser();
    guestBrowser = await openBrowser();
    await signInBrowser(ownerBrowser.context, app, owner);
    await signInBrowser(guestBrowser.context, app, guest);
  });

  afterAll(async () => {
    await ownerBrowser?.close();
    await guestBrowser?.close();
    await app?.stop();
    rmSync(downloads, { recursive: true, force: true });
  });

  it('creates two repositories from the header switcher', async () => {
    const { page } = ownerBrowser;
    await page.goto(`${app.baseUrl}/dashboards`);
    await switcher(page).waitFor();
    await createThroughUi(page, FIRST);
    await createThroughUi(page, SECOND);
    const list = await apiAs<TRepositoryRow[]>(app, owner, 'GET', '/repositories');
    expect(list.map((repository) => repository.name)).toEqual([FIRST, SECOND]);
  });

  it('switches between them and remembers the choice across a reload', async () => {
    const { page } = ownerBrowser;
    await openSwitcherItem(page, FIRST);
    await switcher(page, FIRST).waitFor();
    const list = await apiAs<TRepositoryRow[]>(app, owner, 'GET', '/repositories');
    const first = list.find((repository) => repository.name === FIRST);
    await expect
      .poll(
        async () =>
          (
            await apiAs<{ lastActiveRepository: string | null }>(
              app,
              owner,
              'GET',
              `/users/${owner.id}/settings`,
            )
          ).lastActiveRepository,
      )
      .toBe(first?.id);
    await page.reload();
    await switcher(page, FIRST).waitFor();

    await openSwitcherItem(page, /^All repositories/);
    const dialog = page.getByRole('dialog', { name: /^Repositories/ });
    await dialog.getByRole('table', { name: 'Repository list' }).waitFor();
    await settle(page);
    await ownerBrowser.screenshot('repositories-list');
    await dialog.getByLabel('Search repositories').fill('trad');
    await expect.poll(() => dialog.getByRole('row').count()).toBe(2);
    await dialog.getByRole('button', { name: 'Open' }).click();
    await switcher(page, SECOND).waitFor();
    await page.keyboard.press('Escape');
    await openSwitcherItem(page, FIRST);
    await switcher(page, FIRST).waitFor();
  });

  it('shares a repository read-only with a second user, who accepts the invite', async () => {
    const { page } = ownerBrowser;
    await openSwitcherItem(page, 'Repository settings');
    const settings = page.getByRole('dialog', { name: /^Repository settings/ });
    await settings.getByRole('tab', { name: 'Collaborators' }).click();
    await settings.getByLabel('Invite by e-mail').fill(guest.email);
    await settings.getByRole('button', { name: 'Invite' }).click();
    await seeToast(page, `Repository shared with ${guest.email}`);
    await expect.poll(() => settings.getByText('pending').count()).toBe(1);
    await settle(page);
    await ownerBrowser.screenshot('repositories-collaborators');
    await page.keyboard.press('Escape');

    const guestPage = guestBrowser.page;
    await guestPage.goto(`${app.baseUrl}/dashboards`);
    await switcher(guestPage).waitFor();
    await openSwitcherItem(guestPage, /^All repositories and invites/);
    const invite = guestPage.getByLabel(`Invite to ${FIRST}`);
    await invite.getByRole('button', { name: 'Accept' }).click();
    await seeToast(guestPage, `Repository ${FIRST} added`);
    await switcher(guestPage, FIRST).waitFor();
    await guestPage.keyboard.press('Escape');
  });

  it('shows the read-only view to the collaborator', async () => {
    const page = guestBrowser.page;
    await expect.poll(() => switcher(page, FIRST).getByText('Read only').count()).toBe(1);
    await openSwitcherItem(page, 'Repository settings');
    const settings = page.getByRole('dialog', { name: /^Repository settings/ });
    expect(await settings.getByLabel('Name').getAttribute('readonly')).not.toBeNull();
    expect(await settings.getByRole('button', { name: 'Save' }).count()).toBe(0);
    expect(await settings.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    expect(await settings.getByRole('button', { name: 'Export' }).count()).toBe(0);
    expect(await settings.getByRole('button', { name: /^Move / }).count()).toBe(0);
    await settle(page);
    await guestBrowser.screenshot('repositories-read-only-data');
    // Clearing cached analytics changes no data, so a read-only member may do it.
    await settings.getByRole('button', { name: 'Clear analytics cache' }).click();
    await seeToast(page, 'Analytics cache cleared');
    await settings.getByRole('tab', { name: 'Collaborators' }).click();
    await settings.getByRole('button', { name: 'Unlink repository' }).waitFor();
    expect(await settings.getByRole('button', { name: 'Remove collaborator' }).count()).toBe(0);
    expect(await settings.getByLabel('Invite by e-mail').count()).toBe(0);
    await settle(page);
    await guestBrowser.screenshot('repositories-read-only-collaborators');
    await page.keyboard.press('Escape');

    // A blank new form is a writer's: a reader who opens one by its address is sent to the 403 page.
    for (const path of ['/assets/new', '/transactions/new', '/tags/new']) {
      await page.goto(`${app.baseUrl}${path}`);
      await page.waitForURL(/\/permission-denied$/);
      await seeToast(page, 'You don`t have permissions for this action');
    }
  });

  it('exports, then deletes with the export first', async () => {
    const { page } = ownerBrowser;
    await openSwitcherItem(page, /^All repositories/);
    const dialog = page.getByRole('dialog', { name: /^Repositories/ });
    const [exported] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: `Export ${FIRST}` }).click(),
    ]);
    expect(exported.suggestedFilename()).toBe(`${FIRST}.json`);
    await seeToast(page, `${FIRST} repository export successfully completed`);
    const plain = JSON.parse(readFileSync(await exported.path(), 'utf8'));
    expect(plain.format).toBe('strata-repository');
    expect(plain.repository.name).toBe(FIRST);

    await dialog.getByRole('button', { name: `Delete ${FIRST}` }).click();
    const confirm = page.getByRole('dialog', { name: new RegExp(`^Delete ${FIRST}`) });
    expect(await confirm.getByLabel('Export before deleting').isChecked()).toBe(true);
    expect(await confirm.getByRole('button', { name: 'Delete' }).isDisabled()).toBe(true);
    await confirm.getByLabel('I understand that this repository will be deleted').check();
    // The name is typed again before Delete is offered.
    expect(await confirm.getByRole('button', { name: 'Delete' }).isDisabled()).toBe(true);
    await confirm.getByLabel("Type the repository's name to confirm").fill(FIRST);
    await settle(page);
    await ownerBrowser.screenshot('repositories-delete-confirm');
    const [beforeDelete] = await Promise.all([
      page.waitForEvent('download'),
      confirm.getByRole('button', { name: 'Delete' }).click(),
    ]);
    exportedPath = join(downloads, beforeDelete.suggestedFilename());
    await beforeDelete.saveAs(exportedPath);
    await seeToast(page, `${FIRST} repository deleted`);
    // The deleted repository was the current one: the first remaining takes over.
    await switcher(page, SECOND).waitFor();
    const list = await apiAs<TRepositoryRow[]>(app, owner, 'GET', '/repositories');
    expect(list.map((repository) => repository.name)).toEqual([SECOND]);
    await page.keyboard.press('Escape');
  });

  it('imports the exported file back as a new repository', async () => {
    const { page } = ownerBrowser;
    const original = JSON.parse(readFileSync(exportedPath, 'utf8'));
    await openSwitcherItem(page, 'Import repository');
    const dialog = page.getByRole('dialog', { name: /^Import repository/ });
    await dialog.locator('input[type="file"]').setInputFiles(exportedPath);
    await dialog.getByText(FIRST, { exact: true }).waitFor();
    const sawProgress = await watchForText(
      page,
      'Please wait a moment, we are preparing a repository for you. With large repositories it can take several minutes',
    );
    await dialog.getByRole('button', { name: 'Import' }).click();
    // The task is polled at once after the upload, then every 30 s while it runs.
    await seeToast(page, 'Repository successfully imported', 45_000);
    expect(await sawProgress()).toBe(true);
    await settle(page);
    await ownerBrowser.screenshot('repositories-import-done');
    await switcher(page, FIRST).waitFor();

    const list = await apiAs<TRepositoryRow[]>(app, owner, 'GET', '/repositories');
    const imported = list.find((repository) => repository.name === FIRST);
    expect(imported).toBeDefined();
    const again = await apiAs<typeof original>(app, owner, 'GET', `/repositories/${imported?.id}/export`);
    const names = (file: {
      assets: Array<{ name: string }>;
      tags: Array<{ tag_name: string; tag_value: string }>;
    }) => ({
      assets: file.assets.map((asset) => asset.name).sort(),
      tags: file.tags.map((tag) => `${tag.tag_name}=${tag.tag_value}`).sort(),
    });
    expect(names(again)).toEqual(names(original));
    expect(again.repository).toEqual(original.repository);
  });
});
