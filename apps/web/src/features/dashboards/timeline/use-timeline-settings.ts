import { useDebouncedCallback } from '@mantine/hooks';
import type { TRepository } from '@strata/contracts/repositories';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { notifyError } from '../../../shared/notifications/notify-error.ts';
import { saveUserRepoSettings } from './save-user-repo-settings.ts';
import {
  type TTimelineSettings,
  timelineFromUserRepoSettings,
  toUserRepoSettingsPatch,
  validateTimeline,
} from './timeline-rules.ts';

/** Typing '120' into periods should save once, not three times. */
const SAVE_DELAY_MS = 500;

/**
 * The current repository's timeline: read from the user's settings of it, changed at once on screen, and
 * saved (when valid) half a second after the last change.
 */
export function useTimelineSettings(repository: TRepository | null) {
  const queryClient = useQueryClient();
  const saved = repository?.user_repo_settings;
  const [timeline, setLocal] = useState<TTimelineSettings>(() => timelineFromUserRepoSettings(saved));
  const repositoryId = repository?.id;

  // Another repository: start from what is stored for it. Not on every cache update — a save answering
  // after a newer change must not put the older timeline back on screen.
  const savedRef = useRef(saved);
  savedRef.current = saved;
  useEffect(() => {
    if (repositoryId) setLocal(timelineFromUserRepoSettings(savedRef.current));
  }, [repositoryId]);

  const save = useDebouncedCallback((next: TTimelineSettings) => {
    if (!repositoryId) return;
    saveUserRepoSettings(queryClient, repositoryId, toUserRepoSettingsPatch(next)).catch(notifyError);
  }, SAVE_DELAY_MS);

  const setTimeline = useCallback(
    (next: TTimelineSettings) => {
      setLocal(next);
      if (Object.keys(validateTimeline(next)).length === 0) save(next);
    },
    [save],
  );
  return { timeline, setTimeline, errors: validateTimeline(timeline) };
}
