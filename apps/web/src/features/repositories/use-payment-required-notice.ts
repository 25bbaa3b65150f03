import { ErrorMessage } from '@strata/contracts/error-messages';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isApiError } from '../../shared/api/api-error.ts';
import { notifications } from '../../shared/notifications/notification-store.ts';

/**
 * Seed §8: a 402 from any query means the subscription must be activated. Shown once per failure (the
 * notification store folds repeats into a counter).
 */
export function usePaymentRequiredNotice(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type !== 'updated' || event.action.type !== 'error') return;
        const { error } = event.action;
        if (isApiError(error) && error.status === 402) notifications.error(ErrorMessage.PAYMENT_REQUIRED);
      }),
    [queryClient],
  );
}
