import { contract } from '../contract.ts';

/** What the HTTP guards need to know about one contract operation. */
export interface ContractOperation {
  operationId: string;
  /** Media types the request body may have; empty when the operation takes no body. */
  bodyTypes: string[];
  /** Only a signed-in user may call it: no anonymous access, no ingest token. */
  signedInOnly: boolean;
}

type Security = Record<string, unknown>[];

interface OperationSpec {
  operationId: string;
  requestBody?: { content?: Record<string, unknown> };
  security?: Security;
}

/** bearerAuth and nothing else: `security: []` is anonymous, two entries allow either. */
const isSignedInOnly = (security: Security) =>
  security.length === 1 && Object.keys(security[0] ?? {}).join() === 'bearerAuth';

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options']);

/** Fastify's spelling of a contract path, as openapi-glue registers it: {id} -> :id. */
const fastifyUrl = (template: string) => template.replace(/\{(\w+)\}/g, ':$1');

function indexOperations(): Map<string, ContractOperation> {
  const paths = contract.paths as Record<string, Record<string, OperationSpec>>;
  const index = new Map<string, ContractOperation>();
  const fallback = (contract.security ?? []) as Security;
  for (const [template, methods] of Object.entries(paths)) {
    for (const [method, spec] of Object.entries(methods)) {
      if (!METHODS.has(method)) continue;
      index.set(`${method.toUpperCase()} ${fastifyUrl(template)}`, {
        operationId: spec.operationId,
        bodyTypes: Object.keys(spec.requestBody?.content ?? {}),
        signedInOnly: isSignedInOnly(spec.security ?? fallback),
      });
    }
  }
  return index;
}

const operations = indexOperations();

/** The contract operation a Fastify route serves, or undefined for routes outside the contract. */
export function contractOperation(method: string, url: string): ContractOperation | undefined {
  return operations.get(`${method.toUpperCase()} ${url}`);
}
