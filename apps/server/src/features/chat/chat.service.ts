import { CHAT_MESSAGES, type TChatToken } from '@strata/contracts/chat';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../plugins/app-error.ts';
import { HubSpotError, type THubSpotClient, visitorOf } from './hubspot-client.ts';

export interface TChatService {
  tokenFor(
    user: { id: string; email: string; name?: string | null },
    log: FastifyBaseLogger,
  ): Promise<TChatToken>;
}

/** Null client: the installation has no chat widget, which is an answer, not a failure. */
export function createChatService(client: THubSpotClient | null): TChatService {
  return {
    async tokenFor(user, log) {
      if (!client) return { configured: false };
      try {
        return { configured: true, token: await client.createVisitorToken(visitorOf(user)) };
      } catch (error) {
        if (!(error instanceof HubSpotError)) throw error;
        // The provider's words stay in the log (no token, no e-mail); the user gets ours.
        log.warn({ kind: error.kind, status: error.status, userId: user.id }, error.message);
        if (error.kind === 'rate_limited') throw new AppError('RATE_LIMITED', CHAT_MESSAGES.RATE_LIMITED);
        throw new AppError('SERVICE_UNAVAILABLE', CHAT_MESSAGES.UNAVAILABLE);
      }
    },
  };
}
