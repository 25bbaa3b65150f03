import { queryOptions, useQuery } from '@tanstack/react-query';
import { authCall, authClient } from '../../auth/index.ts';

export interface TPasskeySummary {
  id: string;
  name: string | null;
  deviceType: string | null;
  createdAt: Date | null;
}

export const PASSKEYS_QUERY_KEY = ['account', 'passkeys'] as const;

export async function listPasskeys(): Promise<TPasskeySummary[]> {
  const rows = (await authCall(authClient.passkey.listUserPasskeys())) ?? [];
  return rows.map((row) => ({
    id: row.id,
    name: row.name ?? null,
    deviceType: row.deviceType ?? null,
    createdAt: row.createdAt ? new Date(row.createdAt) : null,
  }));
}

export function passkeysQueryOptions() {
  return queryOptions({ queryKey: PASSKEYS_QUERY_KEY, queryFn: listPasskeys });
}

export function usePasskeys() {
  return useQuery(passkeysQueryOptions());
}
