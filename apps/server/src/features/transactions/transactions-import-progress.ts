import { EventEmitter } from 'node:events';
import type { TImportProgress } from '@strata/contracts/transactions';

export type TImportProgressEvent = { progress: TImportProgress } | { end: true };

/**
 * A background import's progress inside this process, for the events stream. The task row is the lasting
 * record, but on PGlite nothing else can read the database while the import's transaction holds its one
 * connection, so this channel is the only way progress of the write phase reaches the dialog there.
 * Worker processes apart from the API (JOBS_WORKER=false) publish nowhere the API sees: the client then
 * has the task row, which on PostgreSQL is updated chunk by chunk.
 */
export function createImportProgressChannel() {
  const emitter = new EventEmitter();
  // One listener per open dialog; their number is bounded by the open streams, not by a fixed cap.
  emitter.setMaxListeners(0);
  return {
    publish(taskId: string, event: TImportProgressEvent): void {
      emitter.emit(taskId, event);
    },
    subscribe(taskId: string, listener: (event: TImportProgressEvent) => void): () => void {
      emitter.on(taskId, listener);
      return () => emitter.off(taskId, listener);
    },
    listenerCount: (taskId: string) => emitter.listenerCount(taskId),
  };
}

export type TImportProgressChannel = ReturnType<typeof createImportProgressChannel>;
