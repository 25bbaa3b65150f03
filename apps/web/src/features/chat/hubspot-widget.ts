/**
 * HubSpot's chat widget on the page, as its Conversations SDK documents it (developers.hubspot.com,
 * "Conversations SDK" and "Visitor identification"): `window.hsConversationsSettings` set before the loader
 * script runs, with the visitor's e-mail and the token the server asked HubSpot for, identifies the visitor;
 * `window.HubSpotConversations` is the widget's handle once loaded.
 */
export const HUBSPOT_SCRIPT_ID = 'hs-script-loader';

interface THubSpotConversations {
  widget?: { remove?: () => void };
  clear?: (options?: { resetWidget?: boolean }) => void;
}

export interface THubSpotWindow {
  hsConversationsSettings?: Record<string, unknown>;
  HubSpotConversations?: THubSpotConversations;
}

export interface TChatVisitor {
  email: string;
  token: string;
}

/** Adds the loader script once, identifying the visitor; a second call with the script present does nothing. */
export function loadHubSpotWidget(
  scriptUrl: string,
  visitor: TChatVisitor,
  page: { document: Document; window: THubSpotWindow } = { document, window: window as THubSpotWindow },
): void {
  if (page.document.getElementById(HUBSPOT_SCRIPT_ID)) return;
  page.window.hsConversationsSettings = {
    loadImmediately: true,
    identificationEmail: visitor.email,
    identificationToken: visitor.token,
  };
  const script = page.document.createElement('script');
  script.id = HUBSPOT_SCRIPT_ID;
  script.src = scriptUrl;
  script.async = true;
  script.defer = true;
  page.document.body.appendChild(script);
}

/**
 * Signed out (or another user): the widget and its cookies go, so the next person on this browser does not
 * see this user's conversation.
 */
export function removeHubSpotWidget(
  page: { document: Document; window: THubSpotWindow } = { document, window: window as THubSpotWindow },
): void {
  page.window.HubSpotConversations?.clear?.({ resetWidget: true });
  page.window.HubSpotConversations?.widget?.remove?.();
  page.document.getElementById(HUBSPOT_SCRIPT_ID)?.remove();
  delete page.window.hsConversationsSettings;
}
