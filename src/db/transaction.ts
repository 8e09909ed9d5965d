import type { Database } from "bun:sqlite";

/**
 * Runs a write use case in one IMMEDIATE transaction: the write lock is taken
 * at BEGIN, so two use cases that read-then-write can never interleave, and a
 * thrown error rolls every statement back. Keep `work` synchronous: awaiting
 * anything (a payment provider, the network) inside it would hold the lock.
 */
export function writeTransaction<T>(db: Database, work: () => T): T {
  return db.transaction(work).immediate();
}
