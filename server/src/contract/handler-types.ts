/**
 * The types of the operation handlers, derived from the contract (the SDK's generated
 * `operations`): each handler gets its operation's body and query as the contract types
 * them, and must answer its operation's 200 body. `Handlers` has one key per operationId, so
 * a missing handler is a compile error (and, in case of a stale build, a start-up error).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { OperationId, operationTypes } from '@formsign/sdk/contract';
import type { operations as operationTable } from '@formsign/sdk/contract';
import type { Principal } from '../auth/principal.js';
import type { Language } from '../i18n/i18n.js';

type Operation<K extends OperationId> = operationTypes[K];

type ContentOf<T> = T extends { content: infer C } ? C[keyof C] : never;

/** The request body, as the contract types it (any of its media types); undefined when it has none. */
export type BodyOf<K extends OperationId> =
  Operation<K> extends { requestBody: infer R }
    ? ContentOf<R>
    : Operation<K> extends { requestBody?: infer R }
      ? ContentOf<NonNullable<R>> | undefined
      : undefined;

/** The query parameters, as the contract types them (already converted and defaulted). */
export type QueryOf<K extends OperationId> =
  Operation<K> extends { parameters: { query?: infer Q } } ? ([Q] extends [never] ? Record<string, never> : NonNullable<Q>) : Record<string, never>;

/** The success body. */
export type OkOf<K extends OperationId> = Operation<K> extends { responses: { 200: infer R } } ? ContentOf<R> : never;

type IsPublic<K extends OperationId> = (typeof operationTable)[K]['public'];

export interface HandlerRequest<K extends OperationId> {
  body: BodyOf<K>;
  query: QueryOf<K>;
  /** The signed-in person: always there for secured operations; for public ones, when a valid token was sent. */
  principal: IsPublic<K> extends true ? Principal | null : Principal;
  /** Where the request came from (the proxy's X-Forwarded-For when TRUST_PROXY is on). */
  ip: string;
  userAgent: string;
  /** The language the answer's texts are said in: the request's `Accept-Language` (English without it). */
  language: Language;
  /** For what the contract's types do not cover: headers, cookies. */
  raw: FastifyRequest;
  reply: FastifyReply;
}

export type Handler<K extends OperationId> = (request: HandlerRequest<K>) => Promise<OkOf<K>>;

export type Handlers = { [K in OperationId]: Handler<K> };
