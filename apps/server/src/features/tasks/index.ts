// The tasks feature's public entry: what other features may use of it.
export {
  type TTaskContext,
  type TTaskExecutor,
  type TTaskHandler,
  type TTaskPrepare,
  taskQueueOf,
} from './task-executor.ts';
export {
  findTaskOfKind,
  setTaskPayload,
  setTaskProgress,
  setTaskRepository,
  toTaskView,
} from './tasks.repository.ts';
