import {
  createContact as createContactEndpoint,
  deleteContact as deleteContactEndpoint,
  listContacts,
  type TContact,
  type TCreateContactBody,
  type TUpdateContactBody,
  updateContact as updateContactEndpoint,
} from '@strata/contracts/contacts';
import type { TMessageResponse } from '@strata/contracts/repositories';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api/call-endpoint.ts';
import { repositoryScopedKey } from '../../../shared/api/repository-query-keys.ts';

export const contactsKey = (repositoryId: string, ...parts: unknown[]) =>
  repositoryScopedKey(repositoryId, 'contacts', ...parts);

/** The seed's path is contact_info; the pages are /contacts. */
export function useContacts(repositoryId: string | undefined, assetId?: string) {
  return useQuery({
    queryKey: contactsKey(repositoryId ?? 'none', assetId ?? 'all'),
    queryFn: ({ signal }) =>
      callEndpoint(listContacts, {
        signal,
        query: { repository_id: repositoryId, asset_id: assetId },
      }),
    enabled: Boolean(repositoryId),
  });
}

export function createContact(body: TCreateContactBody): Promise<TContact> {
  return callEndpoint(createContactEndpoint, { body });
}

export function updateContact(id: string, body: TUpdateContactBody): Promise<TContact> {
  return callEndpoint(updateContactEndpoint, { params: { id }, body });
}

export function deleteContact(id: string): Promise<TMessageResponse> {
  return callEndpoint(deleteContactEndpoint, { params: { id } });
}
