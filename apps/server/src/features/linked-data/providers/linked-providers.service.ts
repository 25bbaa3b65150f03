import { LINKED_AUTHORIZATION_MESSAGES } from '@strata/contracts/linked-authorizations';
import type { TCreateConnectorBody } from '@strata/contracts/linked-connectors';
import { LINKED_DATA_MESSAGES } from '@strata/contracts/linked-data';
import {
  LINKED_PROVIDER_MESSAGES,
  type TAccessToken,
  type TProviderInfo,
} from '@strata/contracts/linked-providers';
import type { Database } from '@strata/db/schema';
import type { Kysely } from 'kysely';
import { AppError } from '../../../plugins/app-error.ts';
import { requireRepositoryAccess, type TAccessUser } from '../../../shared/repository-access.ts';
import type { TTaskExecutor } from '../../tasks/index.ts';
import { findConnector, insertConnector, type TConnectorRow } from '../linked-data.repository.ts';
import {
  findOpenProviderSync,
  findProviderConnection,
  insertProviderConnection,
} from './provider-connections.repository.ts';
import { isProviderError, isRedirectProvider, type ProviderError, type TProvider } from './provider-port.ts';
import type { TProviderRegistry } from './provider-registry.ts';
import { createProviderSchedules } from './provider-schedule.ts';
import { queueProviderLink, queueProviderSync } from './provider-sync-queue.ts';

export interface TProviderLogger {
  warn(details: Record<string, unknown>, message: string): void;
}

/** A provider's refusal as the API's answer: the provider's own words, never its request. */
function toAppError(error: unknown): AppError {
  if (!isProviderError(error)) throw error;
  const providerError = error as ProviderError;
  if (
    providerError.kind === 'unavailable' ||
    providerError.kind === 'rate_limited' ||
    providerError.kind === 'malformed'
  )
    return new AppError('SERVICE_UNAVAILABLE', providerError.message);
  return new AppError('BAD_REQUEST', `${LINKED_PROVIDER_MESSAGES.LINK_FAILED}: ${providerError.message}`);
}

/**
 * The live connectors' side of linked data (issue #24): which providers this server has, the overlay's Link
 * token, a provider's connector made from what its link flow answered (the token is sealed before it is
 * stored), its syncs queued as sync_linked_account tasks, and the provider told when it is deleted.
 */
export function createLinkedProvidersService(deps: {
  db: Kysely<Database>;
  tasks: TTaskExecutor;
  providers: TProviderRegistry;
  logger: TProviderLogger;
}) {
  const { db, tasks, providers, logger } = deps;
  const schedules = createProviderSchedules({ db, tasks, providers });

  async function openSecret(connectorId: string): Promise<{ provider: TProvider; secret: string } | null> {
    const connection = await findProviderConnection(db, connectorId);
    const provider = connection ? providers.get(connection.provider) : null;
    if (!connection || !provider || !providers.secrets) return null;
    return {
      provider,
      secret: providers.secrets.open({
        ciphertext: connection.secret_ciphertext,
        iv: connection.secret_iv,
        tag: connection.secret_tag,
        keyId: connection.secret_key_id,
      }),
    };
  }

  const queueSync = (trx: Kysely<Database>, connector: TConnectorRow, userId: string) =>
    queueProviderSync(tasks, trx, connector, userId);

  return {
    /** Scheduled syncs: the connector's schedule (read), setting it (write), the scheduler's tick. */
    schedules,

    list(): TProviderInfo[] {
      return providers.list();
    },

    /** Linked seed §7: GET linked_data/access_token answers the overlay's token and url. */
    async accessToken(
      user: TAccessUser | null,
      query: { repository_id: string; connector_id?: string },
    ): Promise<TAccessToken> {
      await requireRepositoryAccess(db, user, query.repository_id, 'write');
      const plaid = providers.require('plaid');
      let secret: string | undefined;
      if (query.connector_id) {
        const connector = await findConnector(db, query.connector_id);
        if (!connector || connector.repository_id !== query.repository_id || connector.kind !== 'plaid')
          throw AppError.notFound(LINKED_DATA_MESSAGES.CONNECTOR_NOT_FOUND);
        secret = (await openSecret(connector.id))?.secret;
      }
      try {
        return await plaid.startLink({ userId: (user as TAccessUser).id, secret });
      } catch (error) {
        if (!isProviderError(error)) throw error;
        logger.warn({ provider: 'plaid', code: error.providerCode, kind: error.kind }, error.message);
        throw new AppError('SERVICE_UNAVAILABLE', LINKED_PROVIDER_MESSAGES.PLAID_TOKEN_ERROR);
      }
    },

    /**
     * A provider's connector from its link flow's token: exchanged for the access secret, which is sealed;
     * the connector, its sealed access and its first sync's task are written in one transaction.
     */
    async createConnector(
      actor: TAccessUser,
      body: TCreateConnectorBody,
    ): Promise<{ connector: TConnectorRow; taskId: string }> {
      const provider = providers.require(body.access_method);
      if (provider.id === 'arch')
        throw new AppError('BAD_REQUEST', LINKED_AUTHORIZATION_MESSAGES.USE_ARCH_SYNC);
      if (provider.id === 'kraken')
        throw new AppError('BAD_REQUEST', LINKED_AUTHORIZATION_MESSAGES.USE_KRAKEN_SYNC);
      if (isRedirectProvider(provider))
        throw new AppError('BAD_REQUEST', LINKED_AUTHORIZATION_MESSAGES.useAuthorizationUrl(provider.id));
      const secrets = providers.secrets;
      if (!secrets) throw new AppError('BAD_REQUEST', LINKED_PROVIDER_MESSAGES.NOT_AVAILABLE);
      const token = provider.id === 'plaid' ? body.public_token : body.setup_token;
      if (!token)
        throw new AppError(
          'BAD_REQUEST',
          provider.id === 'plaid'
            ? LINKED_PROVIDER_MESSAGES.PUBLIC_TOKEN_REQUIRED
            : LINKED_PROVIDER_MESSAGES.SETUP_TOKEN_REQUIRED,
        );
      let link: Awaited<ReturnType<TProvider['exchange']>>;
      try {
        link = await provider.exchange(token);
      } catch (error) {
        throw toAppError(error);
      }
      const sealed = secrets.seal(link.secret);
      return db.transaction().execute(async (trx) => {
        const connector = await insertConnector(trx, {
          repository_id: body.repository_id,
          name: body.name,
          kind: provider.id,
          source: provider.id,
          created_by: actor.id,
        });
        await insertProviderConnection(trx, {
          connector_id: connector.id,
          repository_id: connector.repository_id,
          provider: provider.id,
          external_id: link.externalId,
          secret_ciphertext: sealed.ciphertext,
          secret_iv: sealed.iv,
          secret_tag: sealed.tag,
          secret_key_id: sealed.keyId,
        });
        return { connector, taskId: await queueProviderLink(tasks, trx, connector, actor.id) };
      });
    },

    /** 'Sync now' of a provider's connector whose write access the caller has shown. */
    async sync(connector: TConnectorRow, userId: string): Promise<{ task_id: string }> {
      if (connector.kind === 'manual' || connector.kind === 'file')
        throw new AppError('BAD_REQUEST', LINKED_PROVIDER_MESSAGES.FILE_CONNECTOR_SYNC);
      providers.require(connector.kind);
      // A sync already waiting or running fetches what a second one would: the button answers it.
      const open = await findOpenProviderSync(db, connector.id);
      if (open) return { task_id: open.id };
      return { task_id: await db.transaction().execute((trx) => queueSync(trx, connector, userId)) };
    },

    /**
     * Tells the provider the link is over before the connector goes. Best effort: a provider that cannot
     * be reached (or is not configured any more) does not keep the user's data here.
     */
    async disconnect(connector: TConnectorRow): Promise<void> {
      if (connector.kind === 'manual' || connector.kind === 'file') return;
      try {
        const opened = await openSecret(connector.id);
        await opened?.provider.disconnect(opened.secret);
      } catch (error) {
        const details = isProviderError(error) ? { code: error.providerCode, kind: error.kind } : {};
        logger.warn(
          { provider: connector.kind, connector_id: connector.id, ...details },
          'provider disconnect failed',
        );
      }
    },
  };
}

export type TLinkedProvidersService = ReturnType<typeof createLinkedProvidersService>;
