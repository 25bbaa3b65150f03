// The public entry of this feature: what other features may use. Everything else is its own business.
export { abortTask } from './api/abort-task.ts';
export { readTask } from './api/read-task.ts';
export { TaskFailedError, waitForTask } from './wait-for-task.ts';
