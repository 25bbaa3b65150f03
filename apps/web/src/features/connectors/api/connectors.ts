import {
  deleteConnector as deleteConnectorEndpoint,
  getLinkedAccount,
  getSyncEvent,
  LINKED_DATA_MESSAGES,
  listConnectors,
  listLinkedAccounts,
  listSyncEvents,
  loadManualFile,
  renameConnector as renameConnectorEndpoint,
  type TConnector,
  type TLinkedAccount,
  type TManualLoadBody,
  type TSyncEvent,
} from '@strata/contracts/linked-data';
import { createFileUpload, type TFileUploadResponse } from '@strata/contracts/uploads';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api/call-endpoint.ts';
import { repositoryScopedKey } from '../../../shared/api/repository-query-keys.ts';

export type { TConnector, TLinkedAccount, TSyncEvent };

/** Every connector query of a repository sits under this key, so one invalidation refreshes the screens. */
export const linkedDataKey = (repositoryId: string) => repositoryScopedKey(repositoryId, 'linked-data');

export function useConnectors(repositoryId: string) {
  return useQuery({
    queryKey: [...linkedDataKey(repositoryId), 'connectors'],
    queryFn: ({ signal }) =>
      callEndpoint(listConnectors, { query: { repository_id: repositoryId }, signal, isParsed: true }),
  });
}

export function useLinkedAccounts(repositoryId: string, connectorId?: string) {
  return useQuery({
    queryKey: [...linkedDataKey(repositoryId), 'accounts', connectorId ?? 'all'],
    queryFn: ({ signal }) =>
      callEndpoint(listLinkedAccounts, {
        query: { repository_id: repositoryId, connector_id: connectorId },
        signal,
        isParsed: true,
      }),
  });
}

export function useLinkedAccount(repositoryId: string, accountId: string) {
  return useQuery({
    queryKey: [...linkedDataKey(repositoryId), 'account', accountId],
    queryFn: ({ signal }) =>
      callEndpoint(getLinkedAccount, { params: { id: accountId }, signal, isParsed: true }),
    retry: false,
  });
}

export function useSyncEvents(repositoryId: string, accountId: string) {
  return useQuery({
    queryKey: [...linkedDataKey(repositoryId), 'sync-events', accountId],
    queryFn: ({ signal }) =>
      callEndpoint(listSyncEvents, { params: { id: accountId }, signal, isParsed: true }),
    retry: false,
  });
}

export function useSyncEvent(repositoryId: string, eventId: string | undefined) {
  return useQuery({
    queryKey: [...linkedDataKey(repositoryId), 'sync-event', eventId],
    queryFn: ({ signal }) =>
      callEndpoint(getSyncEvent, { params: { id: eventId ?? '' }, signal, isParsed: true }),
    enabled: Boolean(eventId),
    retry: false,
  });
}

export function renameConnector(id: string, name: string): Promise<TConnector> {
  return callEndpoint(renameConnectorEndpoint, { params: { id }, body: { name } });
}

export function deleteConnector(id: string): Promise<{ message: string }> {
  return callEndpoint(deleteConnectorEndpoint, { params: { id } });
}

/**
 * `POST /api/file_upload { type: 'manual_sync' }` → the presigned POST and the waiting load task. Not parsed
 * against the contract: an answer without its key is the seed's own error ('Something is wrong during the
 * file upload'), which the dialog says.
 */
export function createStatementUpload(): Promise<Partial<TFileUploadResponse> | null> {
  return callEndpoint(createFileUpload, { body: { type: 'manual_sync' } });
}

/**
 * The multipart POST of the file to the returned url: the fields first, then the file (S3's order), without
 * credentials (the signed policy is the permission). A refusal is the seed's upload error.
 */
export async function postStatementFile(
  target: Pick<TFileUploadResponse, 'url' | 'fields'>,
  file: Blob,
  filename: string,
): Promise<void> {
  const form = new FormData();
  for (const [name, value] of Object.entries(target.fields)) form.append(name, value);
  form.append('file', file, filename);
  const response = await fetch(target.url, { method: 'POST', body: form, credentials: 'omit' });
  if (!response.ok) throw new Error(LINKED_DATA_MESSAGES.UPLOAD_FAILED);
}

/** `POST /api/linked_data/connectors/manual`: gives the uploaded file its loader; answers the task. */
export function startManualLoad(body: TManualLoadBody): Promise<{ task_id: string }> {
  return callEndpoint(loadManualFile, { body });
}
