// The public entry of this feature: what other features may use. Everything else is its own business.

export { LinkedPivotResult } from './components/linked-pivot-view.tsx';
export { LinkedPositionsGrid } from './components/linked-positions-grid.tsx';
export { LinkedTransactionsGrid } from './components/linked-transactions-grid.tsx';
export { LinkedTransactionsPreview } from './components/linked-transactions-preview.tsx';
