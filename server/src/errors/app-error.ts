/**
 * The one business-error type of the server. A use case that refuses (a value that is not
 * valid, a form that is not there, a limit reached) throws an `AppError`: a code from one
 * enum, the text the person reads, and, apart from it, an internal detail for the log that is
 * never sent. Handlers and jobs do not catch it to build answers: the HTTP layer renders it
 * in the one place that knows each operation's failure shapes (`http/errors.ts`), and a job
 * that meets one fails with its detail.
 *
 * Where the contract gives a refusal an application code (`x-codes`: a 200 answer whose
 * `code` says what went wrong, such as invite's -2 'User already exists.'), the error names it
 * in `appCode`, and the operation answers with that code instead of an HTTP failure.
 */

import { say, sayText, type Language } from '../i18n/i18n.js';
import { filled, type Text, type Words } from '../i18n/words.js';

/** What went wrong, in the server's terms; each has its HTTP status. */
export enum AppErrorCode {
  /** A value is missing or not valid. */
  InvalidInput = 'INVALID_INPUT',
  /** Not signed in, or the session has ended. */
  Unauthorized = 'UNAUTHORIZED',
  /** Signed in, but this person may not do this. */
  Forbidden = 'FORBIDDEN',
  /** Nothing of that id that this person may see. */
  NotFound = 'NOT_FOUND',
  /** It exists already (a name, an address) or the state has moved on (already signed). */
  Conflict = 'CONFLICT',
  /** A link or code that has expired. */
  Expired = 'EXPIRED',
  /** Past a limit (a quota, envelopes, a number of attempts) that waiting does not lift. */
  LimitReached = 'LIMIT_REACHED',
  /** Too many requests: waiting lifts it (`retryAfterSeconds`). */
  TooManyRequests = 'TOO_MANY_REQUESTS',
  /** The body is larger than the call takes. */
  TooLarge = 'TOO_LARGE',
  /** A system this one depends on (mail, a worker) cannot take the work now. */
  Unavailable = 'UNAVAILABLE',
  /** Something that should not happen; its detail is logged, the person reads the catalogue's text. */
  Internal = 'INTERNAL',
}

/** The HTTP status each code answers with, when the operation has no application code for it. */
export const statusOfCode: Readonly<Record<AppErrorCode, number>> = {
  [AppErrorCode.InvalidInput]: 400,
  [AppErrorCode.Unauthorized]: 401,
  [AppErrorCode.Forbidden]: 403,
  [AppErrorCode.NotFound]: 404,
  [AppErrorCode.Conflict]: 400,
  [AppErrorCode.Expired]: 400,
  [AppErrorCode.LimitReached]: 400,
  [AppErrorCode.TooManyRequests]: 429,
  [AppErrorCode.TooLarge]: 400,
  [AppErrorCode.Unavailable]: 503,
  [AppErrorCode.Internal]: 500,
};

export interface AppErrorOptions {
  /** The values the words' placeholders name, when the text is `Words` (the words' own when they were filled). */
  values?: Record<string, unknown>;
  /** What went wrong, for the log; never sent to the person. */
  detail?: string;
  /** The operation's application code (`x-codes`) this refusal answers with, e.g. `'-2'`. */
  appCode?: `${number}`;
  /** The HTTP status, when it is not the code's own (a withdrawn form's link is a 404, not a 400). */
  status?: number;
  /** Seconds until asking again may succeed (sent as `Retry-After`). */
  retryAfterSeconds?: number;
  cause?: unknown;
}

export class AppError extends Error {
  readonly code: AppErrorCode;
  /** The text the person reads, in English; empty for the catalogue's text of the status. */
  readonly userMessage: string;
  /** The text as words, said in the reader's language where the answer is rendered (`http/errors.ts`). */
  readonly words: Words | undefined;
  readonly values: Readonly<Record<string, unknown>> | undefined;
  readonly detail: string | undefined;
  readonly appCode: `${number}` | undefined;
  readonly status: number;
  readonly retryAfterSeconds: number | undefined;

  constructor(code: AppErrorCode, text: string | Words, options: AppErrorOptions = {}) {
    const values = options.values ?? (typeof text === 'string' ? undefined : text.values);
    const userMessage = typeof text === 'string' ? text : say('en', text, values);
    // The Error's message is what the log shows: the detail when there is one.
    super(options.detail ? `${userMessage} (${options.detail})` : userMessage, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.userMessage = userMessage;
    this.words = typeof text === 'string' ? undefined : text;
    this.values = values;
    this.detail = options.detail;
    this.appCode = options.appCode;
    this.status = options.status ?? statusOfCode[code];
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

/** The refusal's text to be said elsewhere (a row's reason among others): its words with their values, or its English. */
export function refusalWords(error: AppError): Text {
  return error.words ? filled(error.words, { ...error.values }) : error.userMessage;
}

/** The text the person reads, in `language`: its words said, or its English found in the catalogue (a contract's text). */
export function refusalText(error: AppError, language: Language): string {
  return error.words ? say(language, error.words, error.values) : sayText(language, error.userMessage);
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

/**
 * A value refused by a rule that several operations share (a template's fields or steps, a
 * form's answers, an uploaded PDF): each operation answers it in its own shape, with the
 * application code -1 where the operation has application codes, else in its 200 refusal body
 * (the signing page's `{ data: null, error }`).
 */
export function invalidValue(text: string | Words, values?: Record<string, unknown>): AppError {
  return new AppError(AppErrorCode.InvalidInput, text, { appCode: '-1', status: 200, ...(values ? { values } : {}) });
}
