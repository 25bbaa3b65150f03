import { ErrorMessage } from '@strata/contracts/error-messages';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { notifications } from '../../shared/notifications/notification-store.ts';
import { useCurrentRepository } from './use-current-repository.ts';

export const PERMISSION_DENIED_PATH = '/permission-denied';

/**
 * `…/new` is a blank form only a writer can save: a read-only member who opens one (a link, a bookmark, the
 * address bar) is sent to the 403 page with the seed's permission message instead of an editable form
 * without Save. Answers whether the form must not be shown.
 */
export function useNewItemGuard(isNew: boolean): boolean {
  const { repository, permissions } = useCurrentRepository();
  const navigate = useNavigate();
  const isDenied = isNew && Boolean(repository) && permissions?.canWrite === false;
  useEffect(() => {
    if (!isDenied) return;
    notifications.error(ErrorMessage.FORBIDDEN);
    void navigate(PERMISSION_DENIED_PATH, { replace: true });
  }, [isDenied, navigate]);
  return isDenied;
}
