// The public entry of this feature: what other features may use. Everything else is its own business.
export { readTask } from './api/read-task.ts';
export { TaskFailedError, waitForTask } from './wait-for-task.ts';
