/**
 * Request rate limits on the calls people could abuse from outside: logging in, the second
 * factor, renewing a session, registering, asking for a password reset, confirming a new email
 * address, inviting, saving a signing draft, asking for a form's document before signing it. Past the limit an address gets 429 with
 * `Retry-After` (the contract's `TooManyRequests`). Counted per server process; the sign-in and
 * reset limits that must hold across processes are counted in the database
 * (`auth/attempts.ts`), as is the limit of drafts saved per signing link
 * (`modules/forms/save-limit.ts`).
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { OperationId } from '@formsign/sdk/contract';

export interface RateLimit {
  max: number;
  /** Milliseconds. */
  timeWindow: number;
  /** Only the requests this says yes to count (their body read first); every request when absent. */
  counts?: (request: FastifyRequest) => boolean;
}

export type RateLimits = Partial<Record<OperationId, RateLimit>>;

const minute = 60_000;

export const defaultRateLimits: RateLimits = {
  login: { max: 30, timeWindow: minute },
  verifySecondFactor: { max: 30, timeWindow: minute },
  refreshSession: { max: 60, timeWindow: minute },
  register: { max: 10, timeWindow: 60 * minute },
  forgotPassword: { max: 10, timeWindow: minute },
  confirmEmail: { max: 30, timeWindow: minute },
  inviteUsers: { max: 20, timeWindow: minute },
  verifyDocument: { max: 30, timeWindow: minute },
  // Whether a name's organisation has a provider, and the trips to it and back.
  lookUpSingleSignOn: { max: 30, timeWindow: minute },
  startSingleSignOn: { max: 30, timeWindow: minute },
  finishSingleSignOn: { max: 30, timeWindow: minute },
  // Saving a draft stores what a signer attached; opening and sending a form are not counted.
  // Each preview is a PDF made in a file worker.
  signingPreview: { max: 30, timeWindow: minute },
  // Handing a place on mails an address the holder chooses: counted with saving.
  webSigning: {
    max: 30,
    timeWindow: minute,
    counts: (request) => ['save', 'delegate'].includes(String((request.body as { function?: unknown } | undefined)?.function)),
  },
};

export async function installRateLimits(app: FastifyInstance, limits: RateLimits): Promise<void> {
  // Must run before the plugin's own onRoute hook, which reads `config.rateLimit`.
  app.addHook('onRoute', (route) => {
    const id = (route.schema as { operationId?: OperationId } | undefined)?.operationId;
    const limit = id ? limits[id] : undefined;
    if (!limit) return;
    const { counts, ...window } = limit;
    // A limit that reads the body runs once it is parsed; the requests it does not count pass.
    const rule = counts ? { ...window, hook: 'preHandler' as const, allowList: (request: FastifyRequest) => !counts(request) } : window;
    route.config = { ...(route.config as object), rateLimit: rule };
  });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => ({ statusCode: 429, message: 'Too many requests.' }),
  });
}

/** Calls made with one API key, whatever the operation: 600 a minute by default. */
export const defaultApiKeyLimit: RateLimit = { max: 600, timeWindow: minute };

/** Keys whose window is kept at most; past it the oldest windows go first. */
const keptKeyWindows = 10_000;

/**
 * Counts the calls of each API key in fixed windows (per server process, as the limits
 * above). Answers null while a key is within its limit, else the seconds until its window ends.
 */
export function keyWindows(limit: RateLimit, now: () => Date): (keyId: number) => number | null {
  const windows = new Map<number, { start: number; calls: number }>();
  return (keyId) => {
    const at = now().getTime();
    let window = windows.get(keyId);
    if (!window || at - window.start >= limit.timeWindow) {
      windows.delete(keyId);
      if (windows.size >= keptKeyWindows) {
        const oldest = windows.keys().next();
        if (!oldest.done) windows.delete(oldest.value);
      }
      window = { start: at, calls: 0 };
      windows.set(keyId, window);
    }
    window.calls += 1;
    return window.calls > limit.max ? Math.max(1, Math.ceil((window.start + limit.timeWindow - at) / 1000)) : null;
  };
}
