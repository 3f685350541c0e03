import type { Database } from '../db/client.ts';
import { createDeadLettersRepository } from '../repositories/dead-letters-repository.ts';
import { createIngestTokensRepository } from '../repositories/ingest-tokens-repository.ts';
import { createReadingsQueryRepository } from '../readings/readings-query-repository.ts';
import { createReadingsRepository } from '../readings/readings-repository.ts';
import { createIngestService } from './ingest-service.ts';

function build(database: Database) {
  const { db } = database;
  const readings = createReadingsRepository(database);
  const deadLetters = createDeadLettersRepository(db);
  return {
    readings,
    readingsQuery: createReadingsQueryRepository(db),
    ingestTokens: createIngestTokensRepository(db),
    deadLetters,
    ingest: createIngestService(db, readings, deadLetters),
  };
}

export type IngestContext = ReturnType<typeof build>;

const contexts = new WeakMap<Database, IngestContext>();

/**
 * The readings store and ingest, one per database, shared by the HTTP handlers (and kept out of
 * the general services so the partition cache is not duplicated per handler group).
 */
export function ingestContextOf(database: Database): IngestContext {
  let context = contexts.get(database);
  if (!context) {
    context = build(database);
    contexts.set(database, context);
  }
  return context;
}
