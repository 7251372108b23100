/**
 * What the contract lets the mock answer for one call: its operation, its statuses and the
 * named examples of each, and the status Prism answers when a request names no code.
 */
import { operationsOf, resolveRef, type OpenApiDocument, type Operation } from '@formsign/openapi';

export interface StatusExamples {
  status: string;
  names: string[];
}

export interface CallEntry {
  method: string;
  path: string;
  operation: Operation;
}

/** The operation at `method` and `path` (the contract's paths have no templates). */
export function operationAt(document: OpenApiDocument, method: string, path: string): Operation | undefined {
  const item = document.paths[path];
  return item?.[method.toLowerCase() as keyof typeof item];
}

/** Every call of the contract, in document order, with the method in capitals. */
export function callsOf(document: OpenApiDocument): CallEntry[] {
  return operationsOf(document).map(({ method, path, operation }) => ({ method: method.toUpperCase(), path, operation }));
}

/** Each status of an operation with the names of its examples, in document order. */
export function examplesOf(document: OpenApiDocument, operation: Operation): StatusExamples[] {
  return Object.entries(operation.responses).map(([status, reference]) => {
    const response = resolveRef(document, reference);
    const names = Object.values(response.content ?? {}).flatMap((media) => Object.keys(media.examples ?? {}));
    return { status, names: [...new Set(names)] };
  });
}

/** The status Prism answers without a `code`: the operation's lowest 2xx. */
export function defaultStatus(operation: Operation): string | undefined {
  return Object.keys(operation.responses)
    .filter((status) => /^2\d\d$/.test(status))
    .sort()[0];
}

/** `200: ok, empty; 500: serverError, noMessage`: what a call can answer, for messages. */
export function describeExamples(statuses: readonly StatusExamples[]): string {
  return statuses.map(({ status, names }) => `${status}: ${names.length ? names.join(', ') : '(no named example)'}`).join('; ');
}
