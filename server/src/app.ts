/**
 * The HTTP server: the contract's operations under `/api` (bound by operationId with
 * fastify-openapi-glue, requests validated against the document before a handler runs) and
 * the built web app at the root.
 */
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import openapiGlue from 'fastify-openapi-glue';
import qs from 'qs';
import type { OperationId } from '@formsign/sdk/contract';
import type { Handlers, HandlerRequest } from './contract/handler-types.js';
import { contractIndex, type OperationIndex, type OperationRules } from './contract/operation-index.js';
import { contractValidatorCompiler } from './contract/validation.js';
import type { ServerContext } from './context.js';
import { installErrorHandling, refusalAnswer, type RefusalBodies } from './http/errors.js';
import { installRequestLanguage } from './http/language.js';
import { failureTexts } from './http/texts.js';
import { say, sayText, type Language } from './i18n/i18n.js';
import { defaultApiKeyLimit, defaultRateLimits, installRateLimits, type RateLimit, type RateLimits } from './http/rate-limits.js';
import { installSecurity } from './http/security.js';
import { installBodyGuard } from './http/body-guard.js';
import { keepRawJsonBody } from './http/raw-body.js';
import { defaultUploadLimit, keepUploadedFile, multipartOptionsOf, removeStreamedFiles } from './http/uploads.js';
import { registerWebApp } from './http/web-app.js';
import { withJobs } from './jobs/scope.js';
import { signingPageHead } from './modules/forms/signing-page.js';
import { createHandlers, refusalBodies as areaRefusalBodies } from './handlers.js';

export interface AppOptions {
  /** The built web app to serve at the root; none when null (an API-only server, as in tests). */
  webRoot?: string | null;
  rateLimits?: RateLimits;
  /** How many calls one API key may make in a window (`defaultApiKeyLimit` by default). */
  apiKeyLimit?: RateLimit;
  /** The handlers; every operation's own by default. */
  handlers?: Handlers;
  /** The operations' refusal bodies (where `{ code, message }` is not the whole answer); the areas' own by default. */
  refusalBodies?: RefusalBodies;
  index?: OperationIndex;
  trustProxy?: boolean;
}

/** The operation a request was routed to (glue copies the operationId into the route's schema). */
function operationIdOf(request: FastifyRequest): OperationId | undefined {
  const schema = request.routeOptions.schema as { operationId?: OperationId } | undefined;
  return schema?.operationId;
}

/**
 * An answer whose `message` (or `error`) a handler gave as English (a contract's text, such as
 * invite's 'Invitation sent successfully.'), said in the request's language: found in the
 * catalogue by its English. A text the handler said already, or that is not the product's
 * (a name), is left as it is.
 */
function saidAnswer(answer: unknown, language: Language): unknown {
  if (typeof answer !== 'object' || answer === null) return answer;
  const { message, error } = answer as { message?: unknown; error?: unknown };
  if (typeof message !== 'string' && typeof error !== 'string') return answer;
  const said = { ...(answer as Record<string, unknown>) };
  if (typeof message === 'string') said['message'] = sayText(language, message);
  if (typeof error === 'string') said['error'] = sayText(language, error);
  return said;
}

/** Fails when an operation of the contract has no handler (a stale build or a missed area). */
export function checkHandlers(index: OperationIndex, handlers: Partial<Handlers>): void {
  const missing = index.ids.filter((id) => typeof handlers[id] !== 'function');
  if (missing.length > 0) throw new Error(`No handler for ${missing.length} operation(s) of the contract: ${missing.join(', ')}.`);
}

export async function buildApp(ctx: ServerContext, options: AppOptions = {}): Promise<FastifyInstance> {
  const index = options.index ?? contractIndex();
  const handlers = options.handlers ?? createHandlers(ctx);
  const refusalBodies = options.refusalBodies ?? areaRefusalBodies(ctx);
  checkHandlers(index, handlers);
  const rulesOf = (request: FastifyRequest): OperationRules | undefined => {
    const id = operationIdOf(request);
    return id ? index.byId.get(id) : undefined;
  };

  const app = Fastify({
    loggerInstance: ctx.log as FastifyBaseLogger,
    trustProxy: options.trustProxy ?? ctx.config.trustProxy,
    bodyLimit: 1024 * 1024,
    routerOptions: {
      maxParamLength: 500,
      // `filters[search]=...` (deepObject) becomes `{ filters: { search } }`.
      querystringParser: (text) => qs.parse(text, { depth: 2, arrayLimit: 100, parameterLimit: 200 }),
    },
  });
  app.setValidatorCompiler(contractValidatorCompiler());
  // Answers go out as the handlers made them: a serializer that coerces or drops fields would
  // hide a breach of the contract, which the tests catch by validating every answer.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  await app.register(cookie);
  // Stripe signs its events' bodies as sent.
  keepRawJsonBody(app, [`${index.document.servers[0]?.url ?? '/api'}/payments/stripe/events`]);
  await app.register(formbody, { parser: (text) => qs.parse(text, { depth: 1, parameterLimit: 50 }) });
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    onFile: keepUploadedFile,
    limits: { fields: 20, fileSize: defaultUploadLimit, files: 1, fieldSize: 1024 * 1024 },
  });
  await app.register(helmet, {
    // API answers: nothing to run, nothing to frame. Pages set their own policy (web-app.ts).
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    referrerPolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
  });
  // A streamed upload's temporary file goes once the answer is made, whatever the answer.
  app.addHook('onSend', async (request, _reply, payload) => {
    await removeStreamedFiles(request);
    return payload;
  });
  app.addHook('onRequestAbort', async (request) => removeStreamedFiles(request));
  installRequestLanguage(app);
  installErrorHandling(app, rulesOf);
  installSecurity(app, ctx, rulesOf, options.apiKeyLimit ?? defaultApiKeyLimit);
  installBodyGuard(app, rulesOf);
  await installRateLimits(app, options.rateLimits ?? defaultRateLimits);

  app.addHook('onRoute', (route) => {
    const id = (route.schema as { operationId?: OperationId } | undefined)?.operationId;
    const name = id ? index.byId.get(id)?.soleDeepObjectQuery : null;
    if (name && route.schema?.querystring)
      route.schema = { ...route.schema, querystring: { type: 'object', properties: { [name]: route.schema.querystring } } };
    const multipartOptions = multipartOptionsOf(id);
    if (multipartOptions) route.config = { ...route.config, multipartOptions };
  });
  const serviceHandlers = Object.fromEntries(
    index.ids.map((id) => [
      id,
      async (request: FastifyRequest, reply: FastifyReply) => {
        const handler = handlers[id] as (request: HandlerRequest<typeof id>) => Promise<unknown>;
        const handlerRequest: HandlerRequest<typeof id> = {
          body: request.body as never,
          query: (request.query ?? {}) as never,
          principal: request.principal as never,
          ip: request.ip,
          userAgent: String(request.headers['user-agent'] ?? '').slice(0, 512),
          get language() {
            return request.language;
          },
          raw: request,
          reply,
        };
        try {
          // The events the handler records queue their webhooks on this server's queue.
          const answer = await withJobs(ctx.jobs, () => handler(handlerRequest));
          return request.language === 'en' ? answer : saidAnswer(answer, request.language);
        } catch (error) {
          // A refusal with one of the operation's application codes is an answer, not a failure.
          const answer = await refusalAnswer(error, index.byId.get(id), refusalBodies, handlerRequest);
          if (answer === null) throw error;
          return answer;
        }
      },
    ]),
  );
  // The glue warns of response types no request sends (text/csv, */*): nothing to parse, so quiet.
  await app.register(openapiGlue, {
    specification: index.document,
    serviceHandlers,
    prefix: index.document.servers[0]?.url ?? '/api',
    logLevel: 'error',
  });

  if (options.webRoot)
    registerWebApp(app, {
      root: options.webRoot,
      signingPage: (pageId, token) => signingPageHead(ctx, pageId, token),
      log: app.log,
    });
  app.setNotFoundHandler((request, reply) =>
    request.url.startsWith('/api/') || request.url === '/api'
      ? reply.status(404).send({ message: say(request.language, failureTexts.noSuchCall) })
      : reply.status(404).type('text/plain; charset=utf-8').send('Not found'),
  );
  return app;
}
