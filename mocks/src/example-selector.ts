/**
 * Prism answers by operation, not by what is asked: a call that serves several questions
 * (`POST /products` lists, checks out or reports a purchase) would always answer its first
 * example. The contract's `x-mock-examples` rules say which named example answers which
 * question; this picks it for a request that does not ask for one itself.
 */
import type { MockExampleRule, OpenApiDocument } from '@formsign/openapi';

export interface AskedRequest {
  method: string;
  /** The path, without the query. */
  path: string;
  query: URLSearchParams;
  /** The body's fields (JSON or form-encoded), or null when there are none to read. */
  body: Record<string, unknown> | null;
}

/** The rules of the operation at `method` and `path` (the contract's paths have no templates). */
export function mockRulesFor(document: OpenApiDocument, method: string, path: string): MockExampleRule[] {
  const operations = document.paths[path];
  const operation = operations?.[method.toLowerCase() as keyof typeof operations];
  return operation?.['x-mock-examples'] ?? [];
}

function matches(rule: MockExampleRule, { query, body }: AskedRequest): boolean {
  const raw = rule.in === 'query' ? query.get(rule.name) : body?.[rule.name];
  if (raw === undefined || raw === null || raw === '') return false;
  return rule.value === undefined || String(raw) === rule.value;
}

/** The example the first matching rule names, or undefined (Prism's default). */
export function selectExample(rules: readonly MockExampleRule[], request: AskedRequest): string | undefined {
  return rules.find((rule) => matches(rule, request))?.example;
}

/** The fields of a request body, by its content type; null for anything else or a malformed body. */
export function bodyFields(contentType: string | undefined, text: string): Record<string, unknown> | null {
  if (!text) return null;
  if (contentType?.includes('application/json')) {
    try {
      const value: unknown = JSON.parse(text);
      return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
    } catch {
      return null;
    }
  }
  if (contentType?.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(text));
  return null;
}
