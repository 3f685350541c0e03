import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import type { Handler, Handlers, OperationId } from '../contract-types.ts';
import { inAuditedTransaction } from './audited-transaction.ts';

/**
 * Operations that write nothing the audit covers, or must keep their writes whatever the answer:
 * a refused sign-in still counts as a failure, and readings are not configuration.
 */
const NOT_AUDITED = new Set<OperationId>([
  'login',
  'refreshToken',
  'logout',
  // Single sign-on calls the company's provider, which must not hold a transaction open; the
  // callback writes its user and sign-in in an audited transaction of its own (decision 054).
  'startSsoLogin',
  'completeSsoLogin',
  'exchangeSsoLogin',
  // Looks the domain's TXT record up first, then writes in an audited transaction of its own
  // (decision 071).
  'verifyCompanySsoDomain',
  'ingestReadings',
  // A logger file's readings go through the ingest as ingestReadings' do (decision 044).
  'inspectLoggerUpload',
  'importLoggerUpload',
  'requestAnalysis',
  // The bell: polled, and a user's own reading state, not configuration (decision 042).
  'countUnreadNotifications',
  'markNotificationRead',
  'markAllNotificationsRead',
  // A wrong code's count must stay when the answer is a 400 (a rolled-back count would allow
  // endless guesses), and a texted code is no configuration (decision 050).
  'requestPhoneVerification',
  'verifyPhone',
  // Reads its body and makes the photo's renditions first, then writes in an audited
  // transaction of its own (auditedWriter): a phone's slow upload must not hold the database,
  // the embedded one's only connection included (decision 053).
  'uploadInspectionPhoto',
  // The same for a company's logo (decision 063).
  'updateCompanyLogo',
]);

const READ_PREFIXES = ['get', 'list', 'export'];

function changesSomething(operationId: OperationId): boolean {
  return !NOT_AUDITED.has(operationId) && !READ_PREFIXES.some((p) => operationId.startsWith(p));
}

/**
 * The one place changes meet the audit: each changing handler runs inside an audited
 * transaction. A handler that sends its own reply (204s) has it held until the transaction has
 * committed, so no client sees an answer for a change that is then rolled back.
 */
export function auditedHandlers(handlers: Handlers<OperationId>, db: Db): Handlers<OperationId> {
  const wrapped: Record<string, Handler<OperationId>> = {};
  for (const [name, handler] of Object.entries(handlers) as [OperationId, Handler<OperationId>][]) {
    wrapped[name] = changesSomething(name) ? auditedHandler(name, handler, db) : handler;
  }
  return wrapped as Handlers<OperationId>;
}

const actorOf = (request: FastifyRequest, operation: OperationId) =>
  request.user
    ? { id: request.user.id, name: request.user.username, operation }
    : { id: null, name: 'anonymous', operation };

/** The audited transaction of a handler that prepares its change before opening one. */
export type AuditedWrite = <T>(
  request: FastifyRequest,
  operation: OperationId,
  work: () => Promise<T>,
) => Promise<T>;

export function auditedWriter(db: Db): AuditedWrite {
  return (request, operation, work) => inAuditedTransaction(db, actorOf(request, operation), work);
}

function auditedHandler(
  operation: OperationId,
  handler: Handler<OperationId>,
  db: Db,
): Handler<OperationId> {
  return async (request, reply) => {
    const actor = actorOf(request, operation);
    const send = reply.send;
    let held: { payload: unknown } | undefined;
    // Not the reply itself: a reply is a thenable that settles once sent, so handing it back
    // inside the transaction would wait for a send that waits for the transaction.
    reply.send = function hold(payload?: unknown) {
      held = { payload };
      return undefined as unknown as FastifyReply;
    };
    try {
      const result = await inAuditedTransaction(db, actor, () => handler(request, reply));
      reply.send = send;
      return held ? reply.send(held.payload) : result;
    } finally {
      reply.send = send;
    }
  };
}
