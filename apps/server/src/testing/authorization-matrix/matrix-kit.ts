import type { PLAN_IDS } from '@strata/core/plans/plan-limits';
import type { Database } from '@strata/db/schema';
import type { Kysely } from 'kysely';
import type { THttpMethod, TTestUser } from '../../features/repositories/testing/repository-test-kit.ts';
import type { TFileStore } from '../../storage/file-store.ts';

/**
 * The authorization matrix's vocabulary. Each feature lists its routes' cases in its own
 * `<feature>.matrix.fixture.ts` (an array of TMatrixCase), and `authorization-matrix.db.test.ts` imports them all:
 * a route without a case fails that test.
 *
 * Personas: anonymous; stranger (signed in, no membership); reader (level 1); writer (level 2); owner
 * (level 3); inactive (a level-2 collaborator whose subscription is inactive).
 */
export const PERSONAS = ['anonymous', 'stranger', 'reader', 'writer', 'owner', 'inactive'] as const;
export type TPersona = (typeof PERSONAS)[number];
export type TExpected = Record<TPersona, number>;

export interface TScene {
  repositoryId: string;
  /** An open invite of the scene's repository, addressed to the stranger. */
  inviteId: string;
  users: Record<Exclude<TPersona, 'anonymous'>, TTestUser>;
  /** A name unique to this case, for calls that create something. */
  unique: string;
  /** The key of a stored file in another user's repository, whose id no answer may contain. */
  outsiderFileKey: string;
  /** Imports a repository export as `user` (what the repository_import task runs); answers the new id. */
  importAs(user: TTestUser, name: string, data: unknown): Promise<string>;
  /** The app's database, for fixtures whose records only a background task makes (linked data). */
  db: Kysely<Database>;
  /** The app's file store, for fixtures whose file a browser would have uploaded (a held journal upload). */
  fileStore: TFileStore;
}

export interface TMatrixRequest {
  url: string;
  body?: unknown;
}

export interface TMatrixCase {
  method: THttpMethod;
  /** The route as registered (Fastify pattern), e.g. '/api/repositories/:id'. */
  route: string;
  /** What this case checks, when a route has several. */
  label?: string;
  /** May prepare what the call needs first (as the owner, through `scene.users.owner.call`). */
  request(scene: TScene): TMatrixRequest | Promise<TMatrixRequest>;
  expected: TExpected;
  /**
   * For a route that needs a plan feature (route-plan-features.ts): the owner's answer when the plan holder
   * (the repository owner, or the caller for what becomes theirs) is on each plan. Required for exactly
   * those routes.
   */
  byPlan?: TPlanExpected;
}

export type TPlanExpected = Record<(typeof PLAN_IDS)[number], number>;

// --- expectation shapes ----------------------------------------------------------------------------------

export const signedIn = (status = 200): TExpected => ({
  anonymous: 401,
  stranger: status,
  reader: status,
  writer: status,
  owner: status,
  inactive: status,
});
/** A repository data call needing `need`: non-members 404, inactive subscription 402. */
export const repositoryCall = (need: 'read' | 'write' | 'owner', status = 200): TExpected => ({
  anonymous: 401,
  stranger: 404,
  reader: need === 'read' ? status : 403,
  writer: need === 'owner' ? 403 : status,
  owner: status,
  inactive: 402,
});
