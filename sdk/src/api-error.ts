/**
 * The one shape of every failed call: `ApiError { kind, status, code, message }`. `kind` says
 * what happened (an HTTP answer, a network failure, a time-out, a cancellation); the message
 * follows the contract's error catalogue (`x-error-catalogue`, each operation's `x-codes`) exactly, whatever the kind; the
 * texts come from the contract (`src/generated/`), never retyped here.
 */
import { appCodes, type AppCodeOperation, type CodeTable } from './generated/app-codes.js';
import { errorTexts } from './generated/error-texts.js';

/**
 * What happened to a failed call:
 * - `http`: a response came, with a failing status or a failing application code (status 200),
 *   or a body that could not be read as the contract says;
 * - `network`: no response came (the server is unreachable, the connection dropped, CORS);
 * - `timeout`: the client's `timeout`, or a signal made by `AbortSignal.timeout()`, ran out;
 * - `aborted`: the caller's signal cancelled the call (its reason is the error's `cause`).
 */
export type ApiErrorKind = 'http' | 'network' | 'timeout' | 'aborted';

export interface ApiErrorInit {
  /** What happened; `http` when a status is given, `network` otherwise. */
  kind?: ApiErrorKind;
  /** The HTTP status; 200 when the body carried a failing application code; 0 when no response came. */
  status: number;
  /** The application code of the body, when it had one. */
  code?: number | null;
  message: string;
  /** The response body, as parsed. */
  body?: unknown;
  cause?: unknown;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  readonly status: number;
  readonly code: number | null;
  readonly body: unknown;

  constructor({ kind, status, code = null, message, body, cause }: ApiErrorInit) {
    super(message, cause === undefined ? undefined : { cause });
    this.kind = kind ?? (status > 0 ? 'http' : 'network');
    this.status = status;
    this.code = code;
    this.body = body;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/** The catalogue's text for a failure without a server message, by status band. */
export function textForStatus(status: number): string {
  if (status >= 500) return errorTexts.serverError;
  if (status >= 400) return errorTexts.clientError;
  return errorTexts.unexpected;
}

/** The catalogue's text of an application code in an operation's table (`loginCodes`), or undefined when it does not list it. */
export function textOfCode(table: CodeTable, code: number): string | undefined {
  return table[String(code)]?.text;
}

/** Whether an application code is one of the success codes of an operation's table. */
export function isSuccessCodeOf(table: CodeTable, code: number): boolean {
  return table[String(code)]?.outcome === 'success';
}

/** The catalogue's text of an application code, or undefined when the operation does not list it. */
export function textForCode(operation: AppCodeOperation, code: number): string | undefined {
  return textOfCode(appCodes[operation], code);
}

/** Whether an application code is one of the operation's success codes. */
export function isSuccessCode(operation: AppCodeOperation, code: number): boolean {
  return isSuccessCodeOf(appCodes[operation], code);
}

/** The body's numeric `code`, or null. */
export function codeOf(body: unknown): number | null {
  if (typeof body !== 'object' || body === null) return null;
  const code = (body as { code?: unknown }).code;
  return typeof code === 'number' ? code : null;
}

function stringField(body: unknown, field: 'message' | 'error'): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const value = (body as Record<string, unknown>)[field];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

/**
 * The error of a failed HTTP response: the server's message when it gave one (the `error`
 * field for account saves), otherwise the catalogue's text for the status band.
 */
export function errorFromResponse(
  status: number,
  body: unknown,
  field: 'message' | 'error' = 'message',
  cause?: unknown,
  kind?: ApiErrorKind,
): ApiError {
  return new ApiError({ kind, status, code: codeOf(body), body, cause, message: stringField(body, field) ?? textForStatus(status) });
}

/**
 * The error of a response whose body carries a failing application code: the server's
 * message when it gave one and the operation shows it (login), otherwise the code's text.
 */
export function errorFromCode(operation: AppCodeOperation, code: number, body: unknown, options: { preferServerMessage?: boolean } = {}): ApiError {
  return errorFromCodeOf(appCodes[operation], code, body, options);
}

/** `errorFromCode` with the operation's table (`loginCodes`). */
export function errorFromCodeOf(table: CodeTable, code: number, body: unknown, options: { preferServerMessage?: boolean } = {}): ApiError {
  const server = options.preferServerMessage ? stringField(body, 'message') : undefined;
  const message = server ?? textOfCode(table, code) ?? stringField(body, 'message') ?? errorTexts.unexpected;
  return new ApiError({ status: 200, code, body, message });
}

/**
 * How an operation words its failures:
 * - `message`: the server's `message`, else the text of the status band (most calls);
 * - `error`: the same with the `error` field (account save: `PUT /user`, `POST /user`);
 * - `userList`: always 'Could not fetch users. Please try again later.' (`POST /users`);
 * - `webSigning`: the server's `error`, else 'The form couldn’t be loaded. ...', or the
 *   offline text when no response came while offline (`POST /websigning`).
 */
export type FailureRule = 'message' | 'error' | 'userList' | 'webSigning';

export interface Failure {
  /** What happened; `http` when a status is given, `network` otherwise. */
  kind?: ApiErrorKind;
  /** The HTTP status; 0 when no response came. */
  status: number;
  /** The response body, parsed as JSON when it was JSON. */
  body?: unknown;
  cause?: unknown;
  /** Whether the runtime said it was offline when a network failure happened. */
  offline?: boolean;
}

/** The error of a failed call, worded by the operation's rule. */
export function errorForFailure(rule: FailureRule, { kind, status, body, cause, offline = false }: Failure): ApiError {
  const resolvedKind: ApiErrorKind = kind ?? (status > 0 ? 'http' : 'network');
  switch (rule) {
    case 'message':
    case 'error':
      return errorFromResponse(status, body, rule, cause, resolvedKind);
    case 'userList':
      return new ApiError({ kind: resolvedKind, status, code: codeOf(body), body, cause, message: errorTexts.usersFetchFailed });
    case 'webSigning': {
      const fallback = resolvedKind === 'network' && offline ? errorTexts.offline : errorTexts.formLoadFailed;
      return new ApiError({ kind: resolvedKind, status, code: codeOf(body), body, cause, message: stringField(body, 'error') ?? fallback });
    }
  }
}

/**
 * Throws the operation's `ApiError` (status 200) unless the body's `code` is one of the
 * operation's success codes; a body without a numeric `code` is unexpected.
 */
export function assertSuccessCode(operation: AppCodeOperation, body: unknown, options: { preferServerMessage?: boolean } = {}): void {
  assertSuccessCodeOf(appCodes[operation], body, options);
}

/** `assertSuccessCode` with the operation's table (`loginCodes`): what the SDK's areas use, so each carries only its own tables. */
export function assertSuccessCodeOf(table: CodeTable, body: unknown, options: { preferServerMessage?: boolean } = {}): void {
  const code = codeOf(body);
  if (code === null) throw new ApiError({ status: 200, body, message: errorTexts.unexpected });
  if (!isSuccessCodeOf(table, code)) throw errorFromCodeOf(table, code, body, options);
}

/** Resolves with the body when its application code is one of the operation's success codes; otherwise rejects with its `ApiError`. */
export async function withSuccessCode<T>(operation: AppCodeOperation, body: Promise<T>, options: { preferServerMessage?: boolean } = {}): Promise<T> {
  return withSuccessCodeOf(appCodes[operation], body, options);
}

/** `withSuccessCode` with the operation's table (`loginCodes`). */
export async function withSuccessCodeOf<T>(table: CodeTable, body: Promise<T>, options: { preferServerMessage?: boolean } = {}): Promise<T> {
  const data = await body;
  assertSuccessCodeOf(table, data, options);
  return data;
}
