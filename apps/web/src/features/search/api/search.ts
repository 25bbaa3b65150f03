import { searchRepository } from '@strata/contracts/search';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api/call-endpoint.ts';
import { repositoryScopedKey } from '../../../shared/api/repository-query-keys.ts';

/** The repository's things matching `text` (already debounced and trimmed); nothing is asked for a blank text. */
export function useSearch(repositoryId: string | undefined, text: string) {
  return useQuery({
    queryKey: repositoryScopedKey(repositoryId ?? 'none', 'search', text),
    queryFn: ({ signal }) =>
      callEndpoint(searchRepository, { signal, query: { repository_id: repositoryId, q: text } }),
    enabled: Boolean(repositoryId) && text !== '',
    // The previous results stay while the next are on their way, so the list does not flicker per keystroke.
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
