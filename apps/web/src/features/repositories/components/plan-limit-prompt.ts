import { notifications } from '../../../shared/notifications/notification-store.ts';
import type { TPlanLimitPrompt } from '../plan-limit.ts';

/** The upgrade prompt of seed §6, with a way to the plans page. */
export function showPlanLimitPrompt(prompt: TPlanLimitPrompt): void {
  notifications.warn(prompt.message, {
    description: prompt.upgradeMessage ?? undefined,
    link: { to: '/subscription/plans', label: 'See plans' },
    autoCloseMs: null,
  });
}
