// The statement import (CSV mapping, the parsers) and the sync schedule dialog load with their first
// opening, not with /connectors: they were a third of the route's own JS (issue 23: first load < 300 KB).
import { notifyError } from '../../../shared/notifications/notify-error.ts';
import type { TImportStatementProps } from './import-statement-dialog.tsx';

export function openImportStatement(props: Omit<TImportStatementProps, 'onClose'>): void {
  import('./import-statement-dialog.tsx').then(
    (module) => module.openImportStatement(props),
    (error: unknown) => notifyError(error),
  );
}

export function openConnectorSchedule(connector: { id: string; name: string }): void {
  import('./connector-schedule-dialog.tsx').then(
    (module) => module.openConnectorSchedule(connector),
    (error: unknown) => notifyError(error),
  );
}
