import type { FastifyReply, FastifyRequest } from 'fastify';
import type { components, operations } from '../openapi/schema';

/** Types of each contract operation, so a handler cannot drift from openapi.yaml. */
export type Schemas = components['schemas'];
export type OperationId = keyof operations;

type Op<K extends OperationId> = operations[K];
type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;

export type BodyOf<K extends OperationId> =
  Op<K> extends { requestBody: infer R } ? Json<R> : undefined;
export type ParamsOf<K extends OperationId> = Op<K>['parameters'] extends { path: infer P }
  ? P
  : Record<string, never>;
export type QueryOf<K extends OperationId> = Op<K>['parameters'] extends { query?: infer Q }
  ? [Q] extends [undefined]
    ? Record<string, never>
    : NonNullable<Q>
  : Record<string, never>;

type Responses<K extends OperationId> = Op<K>['responses'];
export type SuccessOf<K extends OperationId> =
  | (200 extends keyof Responses<K> ? Json<Responses<K>[200]> : never)
  | (201 extends keyof Responses<K> ? Json<Responses<K>[201]> : never);

export type OperationRequest<K extends OperationId> = FastifyRequest<{
  Body: BodyOf<K>;
  Params: ParamsOf<K>;
  Querystring: QueryOf<K>;
}>;

export type Handler<K extends OperationId> = (
  request: OperationRequest<K>,
  reply: FastifyReply,
) => Promise<SuccessOf<K> | FastifyReply>;

export type Handlers<K extends OperationId> = { [P in K]: Handler<P> };
