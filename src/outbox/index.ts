export type { OutboxRecord, OutboxState, OutgoingMessage } from "./store.js";
export { createOutboxStore, writeOutbox } from "./store.js";
export type { Outbox } from "./worker.js";
export { createOutbox, OUTBOX_DRAIN_JOB, outboxTuning, unreachable } from "./worker.js";
