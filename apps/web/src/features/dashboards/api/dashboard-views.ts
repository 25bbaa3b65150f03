import {
  createDashboardView as createDashboardViewEndpoint,
  listDashboardViews,
  type TDashboardView,
  updateDashboardView,
} from '@strata/contracts/dashboards';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api/call-endpoint.ts';
import { repositoryScopedKey } from '../../../shared/api/repository-query-keys.ts';

/** `GET /api/dashboard_views`: the user's own dashboards of the repository (made on first read). */
export function useDashboardViews(repositoryId: string | undefined) {
  return useQuery({
    queryKey: repositoryScopedKey(repositoryId ?? 'none', 'dashboard-views'),
    queryFn: ({ signal }) =>
      callEndpoint(listDashboardViews, {
        signal,
        query: { repository_id: repositoryId ?? '' },
        isParsed: true,
      }),
    enabled: Boolean(repositoryId),
    staleTime: 60_000,
  });
}

export type TDashboardWidget = TDashboardView['widgets'][number];

/**
 * Per view: the last save sent, how many edits were made (so saves go out in order) and the version the last
 * answer carried, which the next save sends: a save queued behind another must not look stale.
 */
const saving = new Map<string, { chain: Promise<unknown>; edits: number; version: number }>();

/**
 * `PUT /api/dashboard_views/:id` with the whole widget list. The list is changed in the cache first, so an
 * edit shows at once; saves of one view go out one after another, and an answer only replaces the cache
 * when no newer edit was made meanwhile (else quick edits would flicker back). A refusal reloads the list.
 */
export function saveDashboardWidgets(
  queryClient: QueryClient,
  view: TDashboardView,
  widgets: TDashboardWidget[],
): Promise<TDashboardView> {
  const key = repositoryScopedKey(view.repository_id, 'dashboard-views');
  queryClient.setQueryData<TDashboardView[]>(key, (list) =>
    list?.map((item) => (item.id === view.id ? { ...item, widgets } : item)),
  );
  const state = saving.get(view.id) ?? { chain: Promise.resolve(), edits: 0, version: 0 };
  state.edits += 1;
  const edit = state.edits;
  const put = () =>
    callEndpoint(updateDashboardView, {
      params: { id: view.id },
      // Someone else's save since the one this client knows answers 409 instead of being overwritten.
      body: { widgets, version: Math.max(state.version, view.version) },
      isParsed: true,
    });
  const result = state.chain.then(put, put).then(
    (saved) => {
      state.version = saved.version;
      if (saving.get(view.id)?.edits === edit) {
        queryClient.setQueryData<TDashboardView[]>(key, (list) =>
          list?.map((item) => (item.id === saved.id ? saved : item)),
        );
      }
      return saved;
    },
    async (error: unknown) => {
      await queryClient.invalidateQueries({ queryKey: key });
      throw error;
    },
  );
  state.chain = result.catch(() => undefined);
  saving.set(view.id, state);
  return result;
}

/** `POST /api/dashboard_views`: an empty dashboard of one layout type; the list is read again. */
export async function createDashboardView(
  queryClient: QueryClient,
  body: { repository_id: string; type: TDashboardView['type']; name: string },
): Promise<TDashboardView> {
  const created = await callEndpoint(createDashboardViewEndpoint, {
    body: { ...body, widgets: [] },
    isParsed: true,
  });
  await queryClient.invalidateQueries({
    queryKey: repositoryScopedKey(body.repository_id, 'dashboard-views'),
  });
  return created;
}
