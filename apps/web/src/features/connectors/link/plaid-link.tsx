import { LINKED_PROVIDER_MESSAGES } from '@strata/contracts/linked-providers';
import { isApiError } from '../../../shared/api/api-error.ts';
import { modals } from '../../../shared/modals/modal-store.ts';
import { notifications } from '../../../shared/notifications/notification-store.ts';
import { fetchAccessToken, linkProviderConnector, syncConnectorNow } from '../api/providers.ts';
import { LinkRun } from './link-run.tsx';
import { forgetPlaidLink, PLAID_RESUME_LOST, savePlaidLink, takePlaidLink } from './plaid-link-resume.ts';
import { loadPlaidLink, type TPlaidLinkMetadata } from './plaid-link-script.ts';

export interface TPlaidLinkOptions {
  repositoryId: string;
  /** Re-link this connector in Link's update mode (after 'login required'), then sync it. */
  connector?: { id: string; name: string };
  /** Called just before Link's overlay opens (the chooser closes then, so its focus trap lets go). */
  onOpening?: () => void;
}

/** The name a new Plaid connector gets: the institution Link says the user picked. */
function connectorNameOf(metadata: TPlaidLinkMetadata): string {
  const name = metadata.institution?.name?.trim();
  return name ? name.slice(0, 255) : 'Plaid';
}

/**
 * Linked seed §2's overlay aggregator: the Link token (`GET linked_data/access_token`; any failure is the seed's
 * 'Error while getting Plaid token'), Plaid Link's own overlay, then — on its success — the public token
 * exchanged for a connector (or, in update mode, a sync of the re-linked one), followed in a dialog to the
 * sync's counts. Resolves once Link is open (or the flow stopped with a toast).
 */
export async function startPlaidLink({
  repositoryId,
  connector,
  onOpening,
}: TPlaidLinkOptions): Promise<void> {
  let access: Awaited<ReturnType<typeof fetchAccessToken>>;
  try {
    access = await fetchAccessToken(repositoryId, connector?.id);
  } catch (error) {
    // 'Connector not available' (400) says more than the token's error; anything else is the seed's toast.
    const isOwnMessage = isApiError(error) && error.status === 400 && error.message !== '';
    notifications.error(isOwnMessage ? (error as Error).message : LINKED_PROVIDER_MESSAGES.PLAID_TOKEN_ERROR);
    return;
  }
  if (!access.url) {
    notifications.error(LINKED_PROVIDER_MESSAGES.urlNotAvailable('Plaid'));
    return;
  }
  let plaid: Awaited<ReturnType<typeof loadPlaidLink>>;
  try {
    plaid = await loadPlaidLink(access.url);
  } catch (error) {
    notifications.error(error instanceof Error ? error.message : String(error));
    return;
  }
  savePlaidLink(
    window.sessionStorage,
    { token: access.token, url: access.url, repositoryId, connector },
    Date.now(),
  );
  const handler = createHandler(plaid, { token: access.token, repositoryId, connector });
  onOpening?.();
  handler.open();
}

/**
 * Back from an OAuth bank at PLAID_REDIRECT_URI (`href` carries its `oauth_state_id`): Link opened again with
 * the token it started with and `receivedRedirectUri`, which finishes as a first open would.
 */
export async function resumePlaidLink(href: string): Promise<void> {
  const saved = takePlaidLink(window.sessionStorage, Date.now());
  if (!saved) {
    notifications.error(PLAID_RESUME_LOST);
    return;
  }
  let plaid: Awaited<ReturnType<typeof loadPlaidLink>>;
  try {
    plaid = await loadPlaidLink(saved.url);
  } catch (error) {
    notifications.error(error instanceof Error ? error.message : String(error));
    return;
  }
  createHandler(plaid, {
    token: saved.token,
    repositoryId: saved.repositoryId,
    connector: saved.connector,
    receivedRedirectUri: href,
  }).open();
}

function createHandler(
  plaid: Awaited<ReturnType<typeof loadPlaidLink>>,
  {
    token,
    repositoryId,
    connector,
    receivedRedirectUri,
  }: {
    token: string;
    repositoryId: string;
    connector?: { id: string; name: string };
    receivedRedirectUri?: string;
  },
) {
  const handler = plaid.create({
    token,
    ...(receivedRedirectUri ? { receivedRedirectUri } : {}),
    onSuccess: (publicToken, metadata) => {
      handler.destroy?.();
      forgetPlaidLink(window.sessionStorage);
      const title = connector ? `Reconnect ${connector.name}` : `Connect ${connectorNameOf(metadata)}`;
      // Sent here, once: the dialog only follows it.
      const begun = connector
        ? syncConnectorNow(connector.id).then(({ task_id }) => ({
            connectorId: connector.id,
            connectorName: connector.name,
            taskId: task_id,
          }))
        : linkProviderConnector({
            repository_id: repositoryId,
            name: connectorNameOf(metadata),
            access_method: 'plaid',
            public_token: publicToken,
          }).then((made) => ({ connectorId: made.id, connectorName: made.name, taskId: made.task_id }));
      // The dialog reports a refusal; this keeps it from also being an unhandled rejection.
      begun.catch(() => {});
      modals.open({
        id: 'plaid-link-run',
        kind: 'dialog',
        size: 'md',
        title,
        render: ({ close }) => (
          <LinkRun repositoryId={repositoryId} begun={begun} onClose={() => void close()} />
        ),
      });
    },
    onExit: (error) => {
      handler.destroy?.();
      forgetPlaidLink(window.sessionStorage);
      if (error) notifications.error(error.display_message || error.error_message || 'Plaid Link stopped');
    },
  });
  return handler;
}
