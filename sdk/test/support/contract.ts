/** Reading the contract in the SDK's tests: the example tokens and the named examples of each operation. */
import { loadDocument, operationsOf, resolveRef, type ExampleObject, type Operation } from '@formsign/openapi';
import type { OperationId } from '../../src/index.js';

export const document = loadDocument();

/** The administrator's token, from the `LoginAdministrator` example. */
export const administratorToken: string = (
  resolveRef<ExampleObject>(document, document.components.examples.LoginAdministrator ?? {}).value as { token: string }
).token;

export function operation(id: OperationId): Operation {
  const entry = operationsOf(document).find(({ operation }) => operation.operationId === id);
  if (!entry) throw new Error(`No operation ${id}`);
  return entry.operation;
}

export interface NamedExample {
  operationId: OperationId;
  status: number;
  name: string;
  value: unknown;
}

/** Every named example of every response of an operation, in document order. */
export function examplesOf(id: OperationId): NamedExample[] {
  return Object.entries(operation(id).responses).flatMap(([status, reference]) =>
    Object.values(resolveRef(document, reference).content ?? {}).flatMap((media) =>
      Object.entries(media.examples ?? {}).map(([name, example]) => ({
        operationId: id,
        status: Number(status),
        name,
        value: resolveRef<ExampleObject>(document, example).value,
      })),
    ),
  );
}

/** The value of a named example; the mock's default (the first 200 example) when no name is given. */
export function example(id: OperationId, name?: string): unknown {
  const found = examplesOf(id).find((candidate) => candidate.status === 200 && (name === undefined || candidate.name === name));
  if (!found) throw new Error(`No example ${name ?? '(default)'} of ${id}`);
  return found.value;
}

/** The `example` of a response header of an operation's 200 response. */
export function headerExample(id: OperationId, header: string): unknown {
  const headers = resolveRef(document, operation(id).responses['200'] ?? {}).headers ?? {};
  return resolveRef<{ example?: unknown }>(document, headers[header] ?? {}).example;
}
