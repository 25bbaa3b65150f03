// The names a report's parts go by, apart from the scrubber: the web shell names the payload context of every
// report it sends, and importing the name from scrub-error-event.ts would put the scrubber in the shell's first
// load instead of the lazy SDK chunk that runs it (docs/benchmarks.md, issue 23).

/** Tags an event may carry; their values are short identifiers, never user input. */
export const REPORT_TAGS = ['correlation_id', 'method', 'route', 'status', 'side'] as const;

/** The failed call's description attached to a web report (seed §8 'with the payload'), without any body. */
export const PAYLOAD_CONTEXT = 'payload';
