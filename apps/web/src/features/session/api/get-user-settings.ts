import { getUserSettings as endpoint } from '@strata/contracts/user-settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api/call-endpoint.ts';

export const USER_SETTINGS_QUERY_KEY = ['user-settings'] as const;

export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/** `GET /api/users/:uuid/settings`; the time zone picks the default date format until settings are saved. */
export async function getUserSettings(userId: string, signal?: AbortSignal) {
  return callEndpoint(endpoint, {
    params: { uuid: userId },
    signal,
    query: { timeZone: browserTimeZone() },
    isParsed: true,
  });
}

export function userSettingsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: [...USER_SETTINGS_QUERY_KEY, userId],
    queryFn: ({ signal }) => getUserSettings(userId, signal),
    staleTime: 5 * 60_000,
  });
}

export function useUserSettings(userId: string | undefined) {
  return useQuery({ ...userSettingsQueryOptions(userId ?? ''), enabled: Boolean(userId) });
}
