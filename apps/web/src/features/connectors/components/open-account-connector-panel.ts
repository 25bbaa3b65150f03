import type { TAccountConnectorPanelProps } from './account-connector-panel.tsx';

/**
 * Opens the account connector panel, loading it (and the linked grids it carries) on first use: what opens it —
 * an account's Basic info — stays light.
 */
export async function openAccountConnectorPanel(props: TAccountConnectorPanelProps): Promise<void> {
  const panel = await import('./account-connector-panel.tsx');
  panel.openAccountConnectorPanel(props);
}
