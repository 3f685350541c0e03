import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import type { Handler, Handlers, OperationId } from '../contract-types.ts';
import { recordRowSecurityBypass } from '../ops/metrics.ts';
import {
  inAuditedTransaction,
  inRequestTransaction,
  inTenantRead,
  type TenantScope,
} from './audited-transaction.ts';

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
 * Reads that must not hold a transaction for their company: the monthly report is built on a
 * thread of its own through a database link, which would wait on the embedded database's one
 * connection for as long as the request's transaction holds it. It checks the bridge is
 * visible first (the repository's filter); the thread is the server's own work (decision 072).
 */
const READS_OUTSIDE_TENANT_TRANSACTION = new Set<OperationId>(['getBridgeReport']);

/** Whether a read is held to the viewer's company; the not-audited operations above are not. */
function readsInTenantTransaction(operationId: OperationId): boolean {
  return (
    !NOT_AUDITED.has(operationId) &&
    !READS_OUTSIDE_TENANT_TRANSACTION.has(operationId) &&
    READ_PREFIXES.some((p) => operationId.startsWith(p))
  );
}

export interface RequestHandlerOptions {
  /** Hold company administrators' and operators' requests to their company (default true). */
  rowLevelSecurity?: boolean | undefined;
}

/**
 * The one place changes meet the audit and requests meet row-level security: each changing
 * handler runs inside an audited transaction, and a company administrator's or operator's
 * request (changing, or reading) inside a transaction held to its company (migration 0049,
 * decision 072): one transaction for both, never two nested. A handler that sends its own reply
 * (204s) has it held until the transaction has committed, so no client sees an answer for a
 * change that is then rolled back.
 */
export function auditedHandlers(
  handlers: Handlers<OperationId>,
  db: Db,
  options: RequestHandlerOptions = {},
): Handlers<OperationId> {
  const rowLevelSecurity = options.rowLevelSecurity ?? true;
  const wrapped: Record<string, Handler<OperationId>> = {};
  for (const [name, handler] of Object.entries(handlers) as [OperationId, Handler<OperationId>][]) {
    const audited = changesSomething(name);
    const scoped = rowLevelSecurity && (audited || readsInTenantTransaction(name));
    wrapped[name] =
      audited || scoped ? transactionHandler(name, handler, db, { audited, scoped }) : handler;
  }
  return wrapped as Handlers<OperationId>;
}

/**
 * The company a signed-in user other than platform staff is held to. Platform staff's
 * requests run unscoped (the bypass): counted and logged here, and their changes audited
 * under their name as everyone's are.
 */
function tenantOf(request: FastifyRequest, operation: OperationId): TenantScope | null {
  const user = request.user;
  if (!user) return null;
  if (!user.isStaff) return { companyId: user.companyId, userId: user.id };
  recordRowSecurityBypass(operation);
  request.log.info(
    { rowLevelSecurity: 'bypass', operation, userId: user.id },
    'platform staff: row-level security bypassed',
  );
  return null;
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

export function auditedWriter(db: Db, options: RequestHandlerOptions = {}): AuditedWrite {
  const rowLevelSecurity = options.rowLevelSecurity ?? true;
  return (request, operation, work) =>
    inAuditedTransaction(
      db,
      actorOf(request, operation),
      work,
      rowLevelSecurity ? tenantOf(request, operation) : null,
    );
}

function transactionHandler(
  operation: OperationId,
  handler: Handler<OperationId>,
  db: Db,
  kind: { audited: boolean; scoped: boolean },
): Handler<OperationId> {
  return async (request, reply) => {
    const tenant = kind.scoped ? tenantOf(request, operation) : null;
    // A staff or anonymous read needs no transaction at all.
    if (!kind.audited && !tenant) return handler(request, reply);
    const actor = kind.audited ? actorOf(request, operation) : undefined;
    const send = reply.send;
    let held: { payload: unknown } | undefined;
    // Not the reply itself: a reply is a thenable that settles once sent, so handing it back
    // inside the transaction would wait for a send that waits for the transaction.
    reply.send = function hold(payload?: unknown) {
      held = { payload };
      return undefined as unknown as FastifyReply;
    };
    try {
      const run = () => handler(request, reply);
      const result = await (actor || !tenant
        ? inRequestTransaction(db, { actor, tenant }, run)
        : inTenantRead(db, tenant, run));
      reply.send = send;
      return held ? reply.send(held.payload) : result;
    } finally {
      reply.send = send;
    }
  };
}
