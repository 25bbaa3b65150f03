import { describe, expect, it } from 'vitest';
import { repositoryNameError } from './components/create-repository-form.tsx';
import { ownerToTellApart } from './repository-names.ts';

const mine = { id: 'a', name: 'Family', owner: 'me@example.com', access_type: 3 as const };
const shared = { id: 'b', name: 'family', owner: 'ann@example.com', access_type: 2 as const };
const other = { id: 'c', name: 'Savings', owner: 'me@example.com', access_type: 3 as const };

describe('repository names are unique among the repositories the user owns', () => {
  it('lets a new repository take the name of one shared with the user, not of one they own', () => {
    expect(repositoryNameError('FAMILY', [shared])).toBeNull();
    expect(repositoryNameError('FAMILY', [mine, shared])).toBe(
      'This name of the repository already exists. Try something else',
    );
  });

  it('lets a rename take a shared name', () => {
    expect(repositoryNameError('family', [shared, other], other.id)).toBeNull();
  });

  it('names the owner only where two repositories in the list share a name', () => {
    const list = [mine, shared, other];
    expect(ownerToTellApart(mine, list)).toBe('me@example.com');
    expect(ownerToTellApart(shared, list)).toBe('ann@example.com');
    expect(ownerToTellApart(other, list)).toBeNull();
  });
});
