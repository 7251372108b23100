/**
 * A request the contract does not accept: Prism answers the operation's 400 example and lists
 * what is wrong only in its `sl-violations` header, which no browser shows. The front door
 * puts that list into the body instead, in the operation's own error shape, naming each field.
 */
import { resolveRef, type OpenApiDocument, type Operation } from '@formsign/openapi';

/** One entry of Prism's `sl-violations` header. */
export interface Violation {
  location: (string | number)[];
  severity: string;
  code: string | number;
  message: string;
}

export const invalidRequestText = 'Some of the values sent are not valid';

const places: Record<string, string> = { body: '', query: 'query parameter ', path: 'path parameter ', header: 'header ' };

/** The violations of the request's own values (not its credentials or content type), each as "field: what is wrong". */
export function fieldProblems(violations: readonly Violation[]): string[] {
  const problems = violations.flatMap((violation) => {
    const [where, place, ...path] = violation.location.map(String);
    if (violation.severity !== 'Error' || where !== 'request' || place === undefined || !(place in places)) return [];
    let field = path.join('.');
    let what = violation.message.replace(/^Request (body|query parameter|path parameter|header)( property)?\s*/i, '');
    const missing = violation.code === 'required' ? /'([^']+)'/.exec(violation.message)?.[1] : undefined;
    if (missing) {
      field = field ? `${field}.${missing}` : missing;
      what = 'is required';
    } else {
      // Prism names the field itself ("password must be string"); it is named once here.
      const named = [field, path[path.length - 1]].find((name) => name && what.startsWith(`${name} `));
      if (named) what = what.slice(named.length + 1);
    }
    const name = field || place;
    return [`${places[place] ?? ''}${name} ${what}`.trim()];
  });
  return [...new Set(problems)];
}

/** Parses the header; anything unreadable counts as no violation. */
export function readViolations(header: string | string[] | undefined): Violation[] {
  if (typeof header !== 'string') return [];
  try {
    const value: unknown = JSON.parse(header);
    return Array.isArray(value) ? (value as Violation[]) : [];
  } catch {
    return [];
  }
}

interface ObjectSchema {
  properties?: Record<string, unknown>;
  required?: string[];
}

/**
 * The body of the answer to an invalid request, in the shape of the operation's 400 response:
 * `{ message }` (the contract's GenericError), or `{ error }` for the calls that report
 * failures that way (with their other required fields null).
 */
export function invalidRequestBody(
  document: OpenApiDocument,
  operation: Operation | undefined,
  problems: readonly string[],
): Record<string, unknown> {
  const text = `${invalidRequestText}: ${problems.join('; ')}.`;
  const response = operation?.responses['400'] ? resolveRef(document, operation.responses['400']) : undefined;
  const schema = response?.content?.['application/json']?.schema;
  const shape = schema ? resolveRef<ObjectSchema>(document, schema as ObjectSchema) : {};
  const fields = Object.keys(shape.properties ?? {});
  if (fields.includes('message') || !fields.includes('error')) return { message: text };
  const body: Record<string, unknown> = { error: text };
  for (const name of shape.required ?? []) if (!(name in body)) body[name] = null;
  return body;
}
