import { describe, expect, it } from 'vitest';
import {
  canCreateRepository,
  nextPlanAbove,
  planLimitMessage,
  repositoriesToDeactivate,
  upgradePlanMessage,
} from '../plans/plan-limits.ts';
import { isSubscriptionActive } from '../plans/subscription-status.ts';
import { ACCESS_LEVEL, canAccess, isGrantableAccessLevel, isRepositoryReadonly } from './access-levels.ts';
import { initialTags, PRE_CREATED_ACCOUNTS } from './initial-content.ts';
import { isIsoCurrencyCode } from './iso-currencies.ts';
import { isRepositoryNameTaken } from './repository-name.ts';

describe('access levels', () => {
  const facts = (accessType: number | null, isReadonlySetting = false) => ({ accessType, isReadonlySetting });
  it('reads for every member, writes from level 2, administers at level 3 only', () => {
    expect([1, 2, 3].map((level) => canAccess(facts(level), 'read'))).toEqual([true, true, true]);
    expect([1, 2, 3].map((level) => canAccess(facts(level), 'write'))).toEqual([false, true, true]);
    expect([1, 2, 3].map((level) => canAccess(facts(level), 'owner'))).toEqual([false, false, true]);
  });
  it('settings.readonly or no level makes data read-only, but leaves the owner administration', () => {
    expect(isRepositoryReadonly(facts(null))).toBe(true);
    expect(canAccess(facts(3, true), 'write')).toBe(false);
    expect(canAccess(facts(3, true), 'owner')).toBe(true);
    expect(canAccess(facts(null), 'owner')).toBe(false);
  });
  it('never grants the owner level', () => {
    expect(isGrantableAccessLevel(ACCESS_LEVEL.OWNER)).toBe(false);
    expect(isGrantableAccessLevel(1) && isGrantableAccessLevel(2)).toBe(true);
  });
});

describe('repository names', () => {
  const existing = [
    { id: 'a', name: 'Family' },
    { id: 'b', name: 'Trust' },
  ];
  it('are unique ignoring case and surrounding spaces, except the repository itself', () => {
    expect(isRepositoryNameTaken(' fAMILY ', existing)).toBe(true);
    expect(isRepositoryNameTaken('FAMILY', existing, 'a')).toBe(false);
    expect(isRepositoryNameTaken('Family 2', existing)).toBe(false);
  });
});

describe('plans', () => {
  const plans = [
    { id: 'pro', name: 'PRO', max_repos_number: 25 },
    { id: 'std', name: 'Standard', max_repos_number: 3 },
  ];
  it('allows creating only below the maximum, with the seed messages', () => {
    expect(canCreateRepository(2, { max_repos_number: 3 })).toBe(true);
    expect(canCreateRepository(3, { max_repos_number: 3 })).toBe(false);
    expect(planLimitMessage(3)).toBe('You have reached the maximum number of 3 repositories.');
    expect(upgradePlanMessage('PRO')).toBe('You can add more repositories on the PRO plan.');
    expect(nextPlanAbove(plans, 1)?.id).toBe('std');
    expect(nextPlanAbove(plans, 25)).toBeUndefined();
    expect(repositoriesToDeactivate(5, 3)).toBe(2);
    expect(repositoriesToDeactivate(1, 3)).toBe(0);
  });
  it('treats paused, cancelled, inactive and none as inactive', () => {
    expect(['paused', 'cancelled', 'inactive', null, undefined, 'bogus'].map(isSubscriptionActive)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(
      ['future', 'in_trial', 'active', 'non_renewing', 'transferred', 'waiting_for_payment'].every(
        isSubscriptionActive,
      ),
    ).toBe(true);
  });
});

describe('initial content', () => {
  it('has one read-only account per fixed category, interest expense the only expense account', () => {
    expect(PRE_CREATED_ACCOUNTS.map((account) => account.category)).toEqual([
      'unrealized gain and income',
      'cash dividend',
      'cash interest',
      'current income',
      'realized gain or loss',
      'interest expense',
    ]);
    expect(PRE_CREATED_ACCOUNTS.filter((account) => account.type === 'expense account')).toHaveLength(1);
  });
  it('lists each tag once, with or without the defaults', () => {
    for (const withDefaultTags of [true, false]) {
      const tags = initialTags({ withDefaultTags }).map((tag) => `${tag.tag_name}=${tag.tag_value}`);
      expect(new Set(tags).size).toBe(tags.length);
    }
    expect(initialTags({ withDefaultTags: false })).toHaveLength(7);
  });
  it('knows ISO currency codes', () => {
    expect(isIsoCurrencyCode('USD') && isIsoCurrencyCode('CHF')).toBe(true);
    expect(isIsoCurrencyCode('usd') || isIsoCurrencyCode('HRK')).toBe(false);
  });
});
