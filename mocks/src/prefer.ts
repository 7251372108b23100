/**
 * The outcome a request asks the mock for: Prism's `Prefer: code=500, example=noMessage`
 * header or its `?__code=500&__example=noMessage` query. Prism answers a name it does not
 * know with a bare 404 that looks like a missing page; the front door checks the name first
 * and says what is wrong and what the call can answer instead.
 */
import type { OpenApiDocument } from '@formsign/openapi';
import { defaultStatus, describeExamples, examplesOf, operationAt } from './operation-examples.js';

export interface Preference {
  code?: string;
  example?: string;
}

/** The `code` and `example` of a `Prefer` header (other preferences are Prism's business). */
export function parsePrefer(header: string | undefined): Preference {
  const preference: Preference = {};
  for (const part of (header ?? '').split(/[,;]/)) {
    const [key, ...rest] = part.split('=');
    const value = rest
      .join('=')
      .trim()
      .replace(/^"(.*)"$/, '$1');
    if (!value) continue;
    if (key?.trim() === 'code') preference.code = value;
    if (key?.trim() === 'example') preference.example = value;
  }
  return preference;
}

/** The outcome the query asks for (`__code`, `__example`), as Prism reads it. */
export function queryPreference(query: URLSearchParams): Preference {
  const preference: Preference = {};
  const code = query.get('__code');
  const example = query.get('__example');
  if (code) preference.code = code;
  if (example) preference.example = example;
  return preference;
}

export function formatPrefer({ code, example }: Preference): string {
  return [code ? `code=${code}` : '', example ? `example=${example}` : ''].filter(Boolean).join(', ');
}

/**
 * Why the mock cannot answer what `preference` asks of `method path`, or null when it can.
 * Unknown calls are left to Prism (it answers them 404, as a server would).
 */
export function preferenceProblem(document: OpenApiDocument, method: string, path: string, preference: Preference): string | null {
  const operation = operationAt(document, method, path);
  if (!operation || (!preference.code && !preference.example)) return null;
  const call = `${method.toUpperCase()} ${path}`;
  const statuses = examplesOf(document, operation);
  const known = describeExamples(statuses);
  if (preference.code && !statuses.some(({ status }) => status === preference.code)) {
    return `The mock has no ${preference.code} answer for ${call}. It answers ${known}.`;
  }
  if (!preference.example) return null;
  const status = preference.code ?? defaultStatus(operation);
  const names = statuses.find((entry) => entry.status === status)?.names ?? [];
  if (names.includes(preference.example)) return null;
  const elsewhere = statuses.filter((entry) => entry.names.includes(preference.example ?? '')).map((entry) => entry.status);
  const hint = elsewhere.length
    ? ` '${preference.example}' is an example of status ${elsewhere.join(' and ')}: ask for it with code=${elsewhere[0]}, example=${preference.example}.`
    : '';
  return `The mock has no example '${preference.example}' for ${call}${preference.code ? '' : ` (without a code it answers ${status})`}.${hint} It answers ${known}.`;
}
