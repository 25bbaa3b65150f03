import { type TTask, updateTask } from '@strata/contracts/tasks';
import { callEndpoint } from '../../../shared/api/call-endpoint.ts';

/** `PATCH /api/tasks/:id { status: 'aborted' }`: a waiting or running task of the caller's stops. */
export function abortTask(taskId: string): Promise<TTask> {
  return callEndpoint(updateTask, { params: { id: taskId }, body: { status: 'aborted' }, isParsed: true });
}
