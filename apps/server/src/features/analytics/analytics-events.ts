/**
 * Progress and results of computes, per repository, for the WebSocket channel. Messages are JSON text
 * built once and handed to every listener of the repository.
 */
export type TAnalyticsListener = (json: string) => void;

export function createAnalyticsEvents() {
  const listeners = new Map<string, Set<TAnalyticsListener>>();
  return {
    subscribe(repositoryId: string, listener: TAnalyticsListener): () => void {
      const set = listeners.get(repositoryId) ?? new Set();
      set.add(listener);
      listeners.set(repositoryId, set);
      return () => {
        set.delete(listener);
        if (set.size === 0 && listeners.get(repositoryId) === set) listeners.delete(repositoryId);
      };
    },
    hasListeners(repositoryId: string): boolean {
      return (listeners.get(repositoryId)?.size ?? 0) > 0;
    },
    publish(repositoryId: string, json: string): void {
      for (const listener of listeners.get(repositoryId) ?? []) listener(json);
    },
  };
}

export type TAnalyticsEvents = ReturnType<typeof createAnalyticsEvents>;
