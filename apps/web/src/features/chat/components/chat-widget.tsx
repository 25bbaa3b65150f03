import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { clientConfigQueryOptions } from '../../../shared/runtime-config/client-config.ts';
import { useSession } from '../../auth/index.ts';
import { chatTokenQueryOptions } from '../api/get-chat-token.ts';
import { loadHubSpotWidget, removeHubSpotWidget } from '../hubspot-widget.ts';

/**
 * The customer-chat widget for the signed-in user (seed §1, §7 'GET /hubspot'). Nothing is loaded unless the
 * server says a chat is configured; then the widget's script comes from the configured URL and the visitor is
 * identified with their token. A failed token means no widget this visit, not an error in the user's way.
 */
export function ChatWidget() {
  const user = useSession().data?.user;
  const config = useQuery(clientConfigQueryOptions()).data;
  const scriptUrl = config?.chat?.scriptUrl;
  const token = useQuery({
    ...chatTokenQueryOptions(user?.id ?? ''),
    enabled: Boolean(scriptUrl && user),
  }).data;
  const email = user?.email;
  const visitorToken = token?.configured ? token.token : undefined;

  useEffect(() => {
    if (!scriptUrl || !email || !visitorToken) return;
    loadHubSpotWidget(scriptUrl, { email, token: visitorToken });
    return () => removeHubSpotWidget();
  }, [scriptUrl, email, visitorToken]);

  return null;
}
