import type { TRepository } from '@strata/contracts/repositories';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../shared/api/api-error.ts';
import { canSaveRepository } from './components/repository-data-tab.tsx';
import { deleteRepositoryWithExport, exportAndDownload } from './delete-repository-flow.ts';
import { checkImportFile, repositoryNameFromFilename } from './import-file-rules.ts';
import { countActiveOwned, planLimitFromError, planLimitPrompt } from './plan-limit.ts';
import { filterRepositories } from './repository-list-filter.ts';
import { repositoryPermissions } from './repository-permissions.ts';

type TRow = Pick<TRepository, 'name' | 'currency' | 'owner' | 'access_type' | 'settings'>;
const settings = (readonly = false) =>
  ({ readonly, init_default_tags: true, price_source_precedence: [] }) as unknown as TRepository['settings'];
const row = (name: string, access_type: 1 | 2 | 3, owner = 'me@example.com', readonly = false): TRow => ({
  name,
  currency: 'USD',
  owner,
  access_type,
  settings: settings(readonly),
});

describe('import file rules (seed §5)', () => {
  it('takes the repository name up to the first dot, ignoring folders', () => {
    expect(repositoryNameFromFilename('Family Office.2026.json')).toBe('Family Office');
    expect(repositoryNameFromFilename('C:\\exports\\Trading.json')).toBe('Trading');
  });

  it("answers 'Nothing to import', only .json, and 'Unknown name of imported repository'", () => {
    expect(checkImportFile(null)).toEqual({ isValid: false, message: 'Nothing to import' });
    expect(checkImportFile({ name: 'notes.txt' })).toEqual({
      isValid: false,
      message: 'Only .json files can be imported',
    });
    expect(checkImportFile({ name: '.json' })).toEqual({
      isValid: false,
      message: 'Unknown name of imported repository',
    });
    expect(checkImportFile({ name: 'Trading.JSON' })).toEqual({ isValid: true, repoName: 'Trading' });
  });
});

describe('the list dialog filter', () => {
  const list = [
    row('Family Office', 3),
    row('Trading', 1, 'ann@example.com'),
    row('Euro', 2, 'bob@example.com'),
  ];

  it('searches name, currency and owner ignoring case', () => {
    expect(filterRepositories(list, { search: 'TRAD', filter: 'all' }).map((r) => r.name)).toEqual([
      'Trading',
    ]);
    expect(filterRepositories(list, { search: 'bob@', filter: 'all' }).map((r) => r.name)).toEqual(['Euro']);
    expect(filterRepositories(list, { search: ' usd ', filter: 'all' })).toHaveLength(3);
  });

  it('splits owned from shared', () => {
    expect(filterRepositories(list, { search: '', filter: 'owned' }).map((r) => r.name)).toEqual([
      'Family Office',
    ]);
    expect(filterRepositories(list, { search: '', filter: 'shared' }).map((r) => r.name)).toEqual([
      'Trading',
      'Euro',
    ]);
  });
});

describe('permissions shown (seed §6)', () => {
  it('read only hides writes and administration but lets the member unlink', () => {
    expect(repositoryPermissions(row('a', 1))).toEqual({
      isOwner: false,
      canWrite: false,
      canAdminister: false,
      canUnlink: true,
    });
  });

  it('read/write writes data but does not administer', () => {
    expect(repositoryPermissions(row('a', 2))).toMatchObject({ canWrite: true, canAdminister: false });
  });

  it('an owner of a deactivated (read-only) repository administers it but cannot write data', () => {
    expect(repositoryPermissions(row('a', 3, 'me', true))).toMatchObject({
      isOwner: true,
      canWrite: false,
      canAdminister: true,
      canUnlink: false,
    });
  });

  it('Save only when changed, valid and owner', () => {
    expect(canSaveRepository({ isChanged: true, isValid: true, isOwner: true })).toBe(true);
    expect(canSaveRepository({ isChanged: false, isValid: true, isOwner: true })).toBe(false);
    expect(canSaveRepository({ isChanged: true, isValid: false, isOwner: true })).toBe(false);
    expect(canSaveRepository({ isChanged: true, isValid: true, isOwner: false })).toBe(false);
  });
});

describe('plan limits (seed §6)', () => {
  const plans = [
    { name: 'Standard', max_repos_number: 3 },
    { name: 'PRO', max_repos_number: 10 },
  ];

  it('counts only active owned repositories', () => {
    expect(countActiveOwned([row('a', 3), row('b', 3, 'me', true), row('c', 1)])).toBe(1);
  });

  it('prompts with the limit and the next plan above when one more would pass the maximum', () => {
    const owned = [row('a', 3), row('b', 3), row('c', 3)];
    expect(planLimitPrompt(owned, { max_repos_number: 3 }, plans)).toEqual({
      limit: 3,
      message: 'You have reached the maximum number of 3 repositories.',
      upgradeMessage: 'You can add more repositories on the PRO plan.',
    });
    expect(planLimitPrompt(owned.slice(0, 2), { max_repos_number: 3 }, plans)).toBeNull();
    expect(
      planLimitPrompt([...owned, ...owned, ...owned, row('x', 3)], { max_repos_number: 10 }, plans),
    ).toMatchObject({ upgradeMessage: null });
  });

  it("reads the server's 403 PLAN_LIMIT refusal, and nothing else", () => {
    const refusal = new ApiError({
      status: 403,
      code: 'FORBIDDEN',
      message: 'You have reached the maximum number of 1 repositories.',
      details: {
        reason: 'PLAN_LIMIT',
        limit: 1,
        upgrade_message: 'You can add more repositories on the PRO plan.',
      },
    });
    expect(planLimitFromError(refusal)).toEqual({
      limit: 1,
      message: 'You have reached the maximum number of 1 repositories.',
      upgradeMessage: 'You can add more repositories on the PRO plan.',
    });
    expect(planLimitFromError(new ApiError({ status: 403, code: 'FORBIDDEN', message: 'no' }))).toBeNull();
    expect(planLimitFromError(new Error('boom'))).toBeNull();
  });
});

describe('delete with export first (seed §4)', () => {
  const repository = { id: 'r1', name: 'Trading' };
  const deps = (exportWorks: boolean) => ({
    exportRepository: vi.fn(async () => {
      if (!exportWorks) throw new Error('network');
      return { format: 'strata-repository' };
    }),
    download: vi.fn(),
    deleteRepository: vi.fn(async () => undefined),
    onError: vi.fn(),
    notifications: { success: vi.fn(), error: vi.fn() },
  });

  it('exports, downloads <name>.json, then deletes', async () => {
    const d = deps(true);
    expect(await deleteRepositoryWithExport(repository, { isExportFirst: true }, d)).toBe(true);
    expect(d.download).toHaveBeenCalledWith('Trading.json', { format: 'strata-repository' });
    expect(d.deleteRepository).toHaveBeenCalledWith('r1');
    expect(d.notifications.success.mock.calls.map((call) => call[0])).toEqual([
      'Trading repository export successfully completed',
      'Trading repository deleted',
    ]);
  });

  it('does not delete when the export failed', async () => {
    const d = deps(false);
    expect(await deleteRepositoryWithExport(repository, { isExportFirst: true }, d)).toBe(false);
    expect(d.deleteRepository).not.toHaveBeenCalled();
    expect(d.notifications.error).toHaveBeenCalledWith('Trading repository export failed');
  });

  it('deletes without exporting when the box is unticked', async () => {
    const d = deps(false);
    expect(await deleteRepositoryWithExport(repository, { isExportFirst: false }, d)).toBe(true);
    expect(d.exportRepository).not.toHaveBeenCalled();
  });

  it('export alone reports failure without throwing', async () => {
    expect(await exportAndDownload(repository, deps(false))).toBe(false);
  });
});
