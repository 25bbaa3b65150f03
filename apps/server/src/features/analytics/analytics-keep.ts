/**
 * How long an analytics worker thread keeps its last pass and price table without a compute before letting them
 * go (their memory back to the heap). The pool reads it too, so that it stops counting on a table the worker has
 * let go (apart from the worker so that the API thread does not load the engine's modules).
 */
export const KEEP_PASS_MS = 5 * 60_000;
