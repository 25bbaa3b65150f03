import {
  parseTaskStatus,
  parseTaskType,
  TASK_STATUSES,
  TASK_TYPES,
  type TTaskStatus,
  type TTaskType,
} from '@strata/core/tasks/task-status';
import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { ZErrorBody } from './errors.ts';

export const ZTaskStatus = z.enum(TASK_STATUSES);
export const ZTaskType = z.enum(TASK_TYPES);

/** A task as the API shows it; status and type are snake_case codes (`time_out`, `repository_import`). */
export const ZTask = z.object({
  id: z.uuid(),
  type: ZTaskType,
  status: ZTaskStatus,
  repository_id: z.uuid().nullable(),
  /** Why the task failed, timed out or was aborted; null otherwise. */
  error: z.string().nullable(),
  /** Free-form progress the worker reports (e.g. `{ message, done, total }`). */
  progress: z.record(z.string(), z.unknown()).nullable(),
  /** What the finished task produced (e.g. `{ repository_id }` of an import). */
  result: z.record(z.string(), z.unknown()).nullable(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
  started_at: z.iso.datetime().nullable(),
  finished_at: z.iso.datetime().nullable(),
});
export type TTask = z.infer<typeof ZTask>;

/**
 * A list filter as the seed's client sends it: a JSON array (`["done","failed"]`) or a comma list
 * (`done,failed`); each item a code or the seed's words ('time out').
 */
function listOf<T extends string>(parse: (value: string) => T | undefined, what: string) {
  return z.string().transform((raw, context): T[] => {
    let items: unknown = raw;
    if (raw.trim().startsWith('[')) {
      try {
        items = JSON.parse(raw);
      } catch {
        context.issues.push({ code: 'custom', message: 'must be a JSON array or a comma list', input: raw });
        return z.NEVER;
      }
    } else {
      items = raw.split(',');
    }
    if (!Array.isArray(items)) {
      context.issues.push({ code: 'custom', message: 'must be a JSON array or a comma list', input: raw });
      return z.NEVER;
    }
    const parsed: T[] = [];
    for (const item of items) {
      if (typeof item === 'string' && item.trim() === '') continue;
      const value = typeof item === 'string' ? parse(item) : undefined;
      if (!value) {
        context.issues.push({ code: 'custom', message: `unknown ${what}: ${String(item)}`, input: raw });
        return z.NEVER;
      }
      parsed.push(value);
    }
    return parsed;
  });
}

export const ZListTasksQuery = z.object({
  excluded_statuses: listOf<TTaskStatus>(parseTaskStatus, 'task status').optional(),
  excluded_types: listOf<TTaskType>(parseTaskType, 'task type').optional(),
  repository_id: z.uuid().optional(),
});
export type TListTasksQuery = z.infer<typeof ZListTasksQuery>;

export const ZTaskParams = z.object({ id: z.uuid({ error: 'must be a task id' }) });

/** Only an abort can be asked for; every other status is the worker's to set. */
export const ZUpdateTaskBody = z.strictObject({
  status: z
    .string()
    .transform((value) => parseTaskStatus(value))
    .pipe(z.literal('aborted', { error: "only 'aborted' can be set" })),
});
export type TUpdateTaskBody = z.infer<typeof ZUpdateTaskBody>;

export const listTasks = defineEndpoint({
  method: 'GET',
  url: '/tasks',
  summary: "The caller's tasks, newest first",
  querystring: ZListTasksQuery,
  response: { 200: z.array(ZTask), 400: ZErrorBody, 401: ZErrorBody },
});

export const updateTask = defineEndpoint({
  method: 'PATCH',
  url: '/tasks/:id',
  summary: 'Abort a waiting or running task',
  params: ZTaskParams,
  body: ZUpdateTaskBody,
  response: { 200: ZTask, 400: ZErrorBody, 401: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody },
});

export const deleteTask = defineEndpoint({
  method: 'DELETE',
  url: '/tasks/:id',
  summary: 'Delete a task (a processing one is aborted first)',
  params: ZTaskParams,
  response: { 204: z.null(), 401: ZErrorBody, 404: ZErrorBody },
});

export const TASK_MESSAGES = {
  NOT_FOUND: 'Task not found',
  ALREADY_FINISHED: 'The task has already finished',
  ABORTED: 'Aborted by the user',
  WORKER_STOPPED:
    'The task stopped before it finished: the server running it ended (a crash or restart) or it ran past its time limit. Nothing of it was kept; start it again.',
} as const;
