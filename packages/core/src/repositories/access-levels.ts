// Repository access levels (core seed §6) and what each may do. The server's one access check
// (repository-access.ts) and the web app's hiding of actions both ask these functions.

export const ACCESS_LEVEL = {
  READ_ONLY: 1,
  READ_WRITE: 2,
  OWNER: 3,
} as const;
export type TAccessLevel = (typeof ACCESS_LEVEL)[keyof typeof ACCESS_LEVEL];

/** Levels an invite or an access change may grant: never the owner level. */
export const GRANTABLE_ACCESS_LEVELS = [ACCESS_LEVEL.READ_ONLY, ACCESS_LEVEL.READ_WRITE] as const;
export type TGrantableAccessLevel = (typeof GRANTABLE_ACCESS_LEVELS)[number];

/**
 * What a call needs: `read` any member; `write` a data change (assets, transactions, …); `owner` the
 * repository's administration (rename, settings, price-source precedence, export, delete, invite,
 * change or remove collaborators).
 */
export type TAccessNeed = 'read' | 'write' | 'owner';

export interface TRepositoryAccessFacts {
  /** The caller's level; null when the membership carries none (treated as read only, seed §6). */
  accessType: number | null;
  /** `settings.readonly` of the repository. */
  isReadonlySetting: boolean;
}

export function isOwnerLevel(accessType: number | null): boolean {
  return accessType === ACCESS_LEVEL.OWNER;
}

/**
 * Read-only for data writes: level 1, no level, or a repository marked read-only. The mark stops data
 * writes for the owner too, but not the owner's administration — otherwise nobody could lift it.
 */
export function isRepositoryReadonly(facts: TRepositoryAccessFacts): boolean {
  return facts.isReadonlySetting || facts.accessType === null || facts.accessType < ACCESS_LEVEL.READ_WRITE;
}

export function canAccess(facts: TRepositoryAccessFacts, need: TAccessNeed): boolean {
  switch (need) {
    case 'read':
      return true;
    case 'write':
      return !isRepositoryReadonly(facts);
    case 'owner':
      return isOwnerLevel(facts.accessType);
  }
}

export function isGrantableAccessLevel(value: unknown): value is TGrantableAccessLevel {
  return value === ACCESS_LEVEL.READ_ONLY || value === ACCESS_LEVEL.READ_WRITE;
}
