import { parentPort, workerData } from 'node:worker_threads';
import { readStatementFile, type TReadOptions, type TReadOutcome } from './linked-statement-read.ts';

// One statement file read off the API's thread (see readStatementInWorker); its refusal is sent as a message.
const { bytes, options } = workerData as { bytes: Uint8Array; options: TReadOptions };
let outcome: TReadOutcome;
try {
  outcome = { ok: true, file: readStatementFile(bytes, options) };
} catch (error) {
  outcome = { ok: false, message: error instanceof Error ? error.message : String(error) };
}
parentPort?.postMessage(outcome);
