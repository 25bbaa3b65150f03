// The public entry of this feature: what other features may use. Everything else is its own business.
export { LinkedTransactionsGrid } from './components/linked-transactions-grid.tsx';
