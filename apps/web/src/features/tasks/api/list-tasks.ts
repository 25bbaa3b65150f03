import { listTasks as endpoint, type TTask } from '@strata/contracts/tasks';
import { callEndpoint } from '../../../shared/api/call-endpoint.ts';

export interface TListTasksFilter {
  excluded_statuses?: readonly string[];
  excluded_types?: readonly string[];
  repository_id?: string;
}

/** `GET /api/tasks`: the caller's tasks, newest first; the lists go as JSON arrays (seed §7). */
export function listTasks(filter: TListTasksFilter = {}, signal?: AbortSignal): Promise<TTask[]> {
  return callEndpoint(endpoint, {
    signal,
    query: {
      excluded_statuses: filter.excluded_statuses?.length ? filter.excluded_statuses : undefined,
      excluded_types: filter.excluded_types?.length ? filter.excluded_types : undefined,
      repository_id: filter.repository_id,
    },
    isParsed: true,
  });
}
