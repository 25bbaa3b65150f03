import { createHash, randomBytes } from 'node:crypto';
import {
  LINKED_AUTHORIZATION_MESSAGES,
  type TInstitution,
  type ZArchSyncBody,
  type ZAuthorizationUrlQuery,
  type ZCallbackQuery,
  type ZInstitutionSearchQuery,
  type ZKrakenSyncBody,
} from '@strata/contracts/linked-authorizations';
import { LINKED_PROVIDER_MESSAGES } from '@strata/contracts/linked-providers';
import type { Database } from '@strata/db/schema';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { AppError } from '../../../plugins/app-error.ts';
import { requireRepositoryAccess, type TAccessUser } from '../../../shared/repository-access.ts';
import type { TTaskExecutor } from '../../tasks/index.ts';
import {
  findConnector,
  insertConnector,
  type TConnectorRow,
  upsertLinkedAccount,
} from '../linked-data.repository.ts';
import type { TProviderLogger } from './linked-providers.service.ts';
import {
  findConnectionByExternalId,
  findProviderAuthorization,
  insertProviderAuthorization,
  takeProviderAuthorization,
} from './provider-authorizations.repository.ts';
import { insertProviderConnection, replaceProviderSecret } from './provider-connections.repository.ts';
import {
  isProviderError,
  isRedirectProvider,
  type TProviderId,
  type TRedirectProvider,
} from './provider-port.ts';
import type { TProviderRegistry } from './provider-registry.ts';
import { queueProviderLink, queueProviderSync } from './provider-sync-queue.ts';

/** How long a started link waits for its callback: GoCardless' own link pages outlive it, ours do not. */
const AUTHORIZATION_TTL_MS = 60 * 60 * 1000;

const hashOf = (state: string) => createHash('sha256').update(state).digest('hex');

/** A provider's failure as the API's answer, in the provider's words (never its request). */
function toAppError(error: unknown, provider: TProviderId): AppError {
  if (!isProviderError(error)) throw error;
  if (error.kind === 'unavailable' || error.kind === 'rate_limited' || error.kind === 'malformed')
    return new AppError('SERVICE_UNAVAILABLE', error.message);
  if (error.kind === 'login_required')
    return new AppError('BAD_REQUEST', LINKED_AUTHORIZATION_MESSAGES.linkNotCompleted(provider));
  return new AppError('BAD_REQUEST', `${LINKED_PROVIDER_MESSAGES.LINK_FAILED}: ${error.message}`);
}

/**
 * Links that go to the bank and back (GET authorization_url, GET callback), the aggregators' institutions,
 * and the links with typed credentials (POST arch_sync, POST kraken_sync). The state is random, kept here only as its hash, bound
 * to the user and repository that asked, used once: a callback with another user's state, or none, is 400
 * and makes nothing.
 */
export function createLinkedAuthorizationsService(deps: {
  db: Kysely<Database>;
  tasks: TTaskExecutor;
  providers: TProviderRegistry;
  logger: TProviderLogger;
  /** The web's address: the bank sends the user back to {publicUrl}/connectors/callback/{connector}. */
  publicUrl: string;
}) {
  const { db, tasks, providers, logger, publicUrl } = deps;

  function redirectProvider(connector: string): TRedirectProvider {
    const provider = providers.require(connector);
    if (!isRedirectProvider(provider))
      throw new AppError('BAD_REQUEST', LINKED_PROVIDER_MESSAGES.NOT_AVAILABLE);
    return provider;
  }

  /** The same address at the start and at the code's exchange (OAuth compares them, RFC 6749 §4.1.3). */
  const redirectUrlOf = (id: string) => `${publicUrl}/connectors/callback/${id}`;

  function secrets() {
    if (!providers.secrets) throw new AppError('BAD_REQUEST', LINKED_PROVIDER_MESSAGES.NOT_AVAILABLE);
    return providers.secrets;
  }
  /**
   * A provider linked with credentials the user types (Arch's API client, Kraken's API key): tried once
   * before anything is stored, then sealed; the same credentials (the provider's external id of them) in
   * the same repository sync its connector again instead of making another.
   */
  async function linkWithCredentials(
    user: TAccessUser | null,
    input: {
      provider: 'arch' | 'kraken';
      repositoryId: string;
      name: string;
      secret: string;
      refused: string;
    },
  ): Promise<{ task_id: string; connector_id: string }> {
    await requireRepositoryAccess(db, user, input.repositoryId, 'write');
    const actor = user as TAccessUser;
    const provider = providers.require(input.provider);
    const box = secrets();
    let link: Awaited<ReturnType<typeof provider.exchange>>;
    try {
      link = await provider.exchange(input.secret);
    } catch (error) {
      if (isProviderError(error))
        logger.warn({ provider: input.provider, code: error.providerCode, kind: error.kind }, error.message);
      if (isProviderError(error) && error.kind === 'refused')
        throw new AppError('BAD_REQUEST', input.refused);
      throw toAppError(error, input.provider);
    }
    const sealed = box.seal(link.secret);
    return db.transaction().execute(async (trx) => {
      const known = link.externalId
        ? await findConnectionByExternalId(trx, {
            repositoryId: input.repositoryId,
            provider: input.provider,
            externalId: link.externalId,
          })
        : undefined;
      const existing = known ? await findConnector(trx, known.connector_id) : undefined;
      if (existing) {
        // The secret may have been rotated at the provider: the one that just worked is kept.
        await replaceProviderSecret(trx, existing.id, sealed, link.externalId);
        return {
          connector_id: existing.id,
          task_id: await queueProviderSync(tasks, trx, existing, actor.id),
        };
      }
      const made = await insertConnector(trx, {
        repository_id: input.repositoryId,
        name: input.name,
        kind: input.provider,
        source: input.provider,
        created_by: actor.id,
      });
      await insertProviderConnection(trx, {
        connector_id: made.id,
        repository_id: made.repository_id,
        provider: input.provider,
        external_id: link.externalId,
        secret_ciphertext: sealed.ciphertext,
        secret_iv: sealed.iv,
        secret_tag: sealed.tag,
        secret_key_id: sealed.keyId,
      });
      return { connector_id: made.id, task_id: await queueProviderLink(tasks, trx, made, actor.id) };
    });
  }

  return {
    async searchInstitutions(query: z.output<typeof ZInstitutionSearchQuery>): Promise<TInstitution[]> {
      const asked = query.provider
        ? [redirectProvider(query.provider)]
        : providers
            .list()
            .filter((info) => info.available)
            .map((info) => providers.get(info.id))
            .filter(
              (provider) =>
                provider !== null && isRedirectProvider(provider) && provider.linkNeeds.institution,
            );
      if (asked.length === 0) throw new AppError('BAD_REQUEST', LINKED_PROVIDER_MESSAGES.NOT_AVAILABLE);
      const found: TInstitution[] = [];
      for (const provider of asked as TRedirectProvider[]) {
        try {
          found.push(...(await provider.searchInstitutions({ country: query.country, query: query.q })));
        } catch (error) {
          if (isProviderError(error))
            logger.warn({ provider: provider.id, code: error.providerCode, kind: error.kind }, error.message);
          throw toAppError(error, provider.id);
        }
      }
      return found.sort((a, b) => a.name.localeCompare(b.name));
    },

    /** After the consent dialog: the agreement and the requisition, and the link the user follows. */
    async authorizationUrl(
      user: TAccessUser | null,
      connector: string,
      query: z.output<typeof ZAuthorizationUrlQuery>,
    ) {
      await requireRepositoryAccess(db, user, query.repository_id, 'write');
      const provider = redirectProvider(connector);
      const box = secrets();
      if (provider.linkNeeds.consent && !query.consent)
        throw new AppError('BAD_REQUEST', LINKED_AUTHORIZATION_MESSAGES.CONSENT_REQUIRED);
      if (provider.linkNeeds.institution && !query.institution_id)
        throw new AppError('BAD_REQUEST', LINKED_AUTHORIZATION_MESSAGES.INSTITUTION_REQUIRED);
      const state = randomBytes(32).toString('base64url');
      let started: { url: string; externalId: string };
      try {
        started = await provider.startAuthorization({
          institutionId: query.institution_id ?? null,
          redirectUrl: redirectUrlOf(provider.id),
          reference: state,
          language: query.language ?? null,
        });
      } catch (error) {
        if (isProviderError(error))
          logger.warn({ provider: provider.id, code: error.providerCode, kind: error.kind }, error.message);
        throw toAppError(error, provider.id);
      }
      const sealed = box.seal(started.externalId);
      const expiresAt = new Date(Date.now() + AUTHORIZATION_TTL_MS);
      await insertProviderAuthorization(db, {
        state_hash: hashOf(state),
        provider: provider.id,
        user_id: (user as TAccessUser).id,
        repository_id: query.repository_id,
        name: query.name ?? provider.name,
        secret_ciphertext: sealed.ciphertext,
        secret_iv: sealed.iv,
        secret_tag: sealed.tag,
        secret_key_id: sealed.keyId,
        expires_at: expiresAt,
      });
      return { url: started.url, state, expires_at: expiresAt.toISOString() };
    },

    /**
     * Back from the bank: the state must be this user's, for this provider, not expired, not used. The link
     * is checked at the provider and its accounts read before anything is written; then the connector, its
     * sealed access, its linked accounts and its first sync's task are written in one transaction.
     */
    async callback(
      user: TAccessUser | null,
      connector: string,
      query: z.output<typeof ZCallbackQuery>,
    ): Promise<{ connector: TConnectorRow; taskId: string }> {
      if (!user) throw new AppError('UNAUTHORIZED', 'You need to be authorized');
      const provider = redirectProvider(connector);
      const box = secrets();
      const state = query.state ?? query.ref;
      const invalid = () =>
        new AppError('BAD_REQUEST', LINKED_AUTHORIZATION_MESSAGES.stateInvalid(provider.id));
      if (!state) throw invalid();
      const stateHash = hashOf(state);
      const pending = await findProviderAuthorization(db, provider.id, stateHash);
      if (!pending || pending.user_id !== user.id) throw invalid();
      if (new Date(pending.expires_at).getTime() < Date.now()) {
        await takeProviderAuthorization(db, stateHash);
        throw invalid();
      }
      await requireRepositoryAccess(db, user, pending.repository_id, 'write');
      if (query.error) {
        await takeProviderAuthorization(db, stateHash);
        throw new AppError('BAD_REQUEST', LINKED_AUTHORIZATION_MESSAGES.linkNotCompleted(provider.id));
      }
      const externalId = box.open({
        ciphertext: pending.secret_ciphertext,
        iv: pending.secret_iv,
        tag: pending.secret_tag,
        keyId: pending.secret_key_id,
      });
      let link: Awaited<ReturnType<TRedirectProvider['completeAuthorization']>>;
      let accounts: Awaited<ReturnType<TRedirectProvider['listAccounts']>>;
      try {
        link = await provider.completeAuthorization(externalId, {
          code: query.code ?? null,
          redirectUrl: redirectUrlOf(provider.id),
        });
        accounts = await provider.listAccounts(link.secret);
        // Tokens refreshed while the accounts were read: the new ones are those stored.
        const renewed = provider.renewedSecret?.(link.secret);
        if (renewed) link = { ...link, secret: renewed };
      } catch (error) {
        // Expired or rejected at the bank: this state can never finish.
        if (isProviderError(error) && error.kind === 'login_required')
          await takeProviderAuthorization(db, stateHash);
        if (isProviderError(error))
          logger.warn({ provider: provider.id, code: error.providerCode, kind: error.kind }, error.message);
        throw toAppError(error, provider.id);
      }
      const sealed = box.seal(link.secret);
      return db.transaction().execute(async (trx) => {
        if (!(await takeProviderAuthorization(trx, stateHash))) throw invalid();
        const made = await insertConnector(trx, {
          repository_id: pending.repository_id,
          name: pending.name,
          kind: provider.id,
          source: provider.id,
          created_by: user.id,
        });
        await insertProviderConnection(trx, {
          connector_id: made.id,
          repository_id: made.repository_id,
          provider: provider.id,
          external_id: null,
          secret_ciphertext: sealed.ciphertext,
          secret_iv: sealed.iv,
          secret_tag: sealed.tag,
          secret_key_id: sealed.keyId,
        });
        for (const account of accounts)
          await upsertLinkedAccount(trx, {
            repository_id: made.repository_id,
            connector_id: made.id,
            external_id: account.externalId,
            number: account.number,
            name: account.name,
            type: account.type,
            currency: account.currency,
          });
        return { connector: made, taskId: await queueProviderLink(tasks, trx, made, user.id) };
      });
    },

    /**
     * Arch with the user's API client: the credentials are tried (a token) before anything is stored, then
     * sealed; the same client id in the same repository syncs its connector again instead of making another.
     */
    async archSync(
      user: TAccessUser | null,
      body: z.output<typeof ZArchSyncBody>,
    ): Promise<{ task_id: string; connector_id: string }> {
      return linkWithCredentials(user, {
        provider: 'arch',
        repositoryId: body.repository_id,
        name: body.name ?? 'Arch',
        secret: JSON.stringify({ client_id: body.client_id, client_secret: body.client_secret }),
        refused: LINKED_AUTHORIZATION_MESSAGES.ARCH_REFUSED,
      });
    },

    /** Kraken with the user's read-only API key: as Arch's client (tried, sealed, one connector per key). */
    async krakenSync(
      user: TAccessUser | null,
      body: z.output<typeof ZKrakenSyncBody>,
    ): Promise<{ task_id: string; connector_id: string }> {
      return linkWithCredentials(user, {
        provider: 'kraken',
        repositoryId: body.repository_id,
        name: body.name ?? 'Kraken',
        secret: JSON.stringify({ api_key: body.api_key, api_secret: body.api_secret }),
        refused: LINKED_AUTHORIZATION_MESSAGES.KRAKEN_REFUSED,
      });
    },
  };
}

export type TLinkedAuthorizationsService = ReturnType<typeof createLinkedAuthorizationsService>;
