import type { TContact } from '@strata/contracts/contacts';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../shared/api/api-client.ts';
import { repositoryScopedKey } from '../../../shared/api/repository-query-keys.ts';

export const contactsKey = (repositoryId: string, ...parts: unknown[]) =>
  repositoryScopedKey(repositoryId, 'contacts', ...parts);

/** The seed's path is contact_info; the pages are /contacts. */
export function useContacts(repositoryId: string | undefined, assetId?: string) {
  return useQuery({
    queryKey: contactsKey(repositoryId ?? 'none', assetId ?? 'all'),
    queryFn: ({ signal }) =>
      apiFetch<TContact[]>('/contact_info', {
        signal,
        query: { repository_id: repositoryId, asset_id: assetId },
      }),
    enabled: Boolean(repositoryId),
  });
}

export function createContact(body: Record<string, unknown>): Promise<TContact> {
  return apiFetch('/contact_info', { method: 'POST', body });
}

export function updateContact(id: string, body: Record<string, unknown>): Promise<TContact> {
  return apiFetch(`/contact_info/${encodeURIComponent(id)}`, { method: 'PUT', body });
}

export function deleteContact(id: string): Promise<{ message: string }> {
  return apiFetch(`/contact_info/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
