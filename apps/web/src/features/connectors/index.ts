// The public entry of this feature: what other features may use. Everything else is its own business.
// The assets feature opens the account connector panel from an account mapped to a linked account.
export { openAccountConnectorPanel } from './components/account-connector-panel.tsx';
