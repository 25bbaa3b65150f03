// The public entry of this feature: what other features may use. Everything else is its own business.
// The assets feature opens the account connector panel from an account mapped to a linked account.

export { AccountLinkedStatus } from './components/account-linked-status.tsx';
export { openAccountConnectorPanel } from './components/open-account-connector-panel.ts';
