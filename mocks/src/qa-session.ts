/**
 * What a person testing in a browser chose on the mock's QA page (`/__mock`): who they are
 * when they sign in, and which named example some calls answer. The choices live in a cookie
 * of their browser session, so the mock itself keeps nothing and each tester has their own.
 */
import { resolveRef, type ExampleObject, type OpenApiDocument } from '@formsign/openapi';
import { operationAt } from './operation-examples.js';
import { formatPrefer, parsePrefer } from './prefer.js';

export const qaCookieName = 'formsign-mock';

/** The sign-in call whose example says who a person is. */
export const loginCall = { method: 'POST', path: '/login' } as const;

export interface QaChoices {
  /** The `POST /login` example the person signs in as (a role), when chosen. */
  role?: string;
  /** Per call (`POST /login`), the `Prefer` value it is answered with. */
  answers: Record<string, string>;
}

export const callKey = (method: string, path: string): string => `${method.toUpperCase()} ${path}`;

/** The choices in a request's `Cookie` header; none when it has no readable one. */
export function readChoices(cookieHeader: string | undefined): QaChoices {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name !== qaCookieName) continue;
    try {
      const value = JSON.parse(decodeURIComponent(rest.join('='))) as Partial<QaChoices>;
      const answers = typeof value.answers === 'object' && value.answers !== null ? value.answers : {};
      return {
        ...(typeof value.role === 'string' && value.role ? { role: value.role } : {}),
        answers: Object.fromEntries(
          Object.entries(answers).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== ''),
        ),
      };
    } catch {
      return { answers: {} };
    }
  }
  return { answers: {} };
}

/** The `Set-Cookie` value that keeps `choices` for the browser session (none: the cookie is removed). */
export function choicesCookie(choices: QaChoices): string {
  const empty = !choices.role && Object.keys(choices.answers).length === 0;
  if (empty) return `${qaCookieName}=; Path=/; Max-Age=0; SameSite=Lax`;
  return `${qaCookieName}=${encodeURIComponent(JSON.stringify(choices))}; Path=/; SameSite=Lax`;
}

/** The `Prefer` value the choices give a request to `method path`, if any. */
export function chosenPrefer(choices: QaChoices, method: string, path: string): string | undefined {
  const answer = choices.answers[callKey(method, path)];
  if (answer) return answer;
  if (choices.role && method.toUpperCase() === loginCall.method && path === loginCall.path) return formatPrefer({ example: choices.role });
  return undefined;
}

export interface Role {
  /** The `POST /login` example. */
  example: string;
  /** "Olivia Bennett, Northwind Care Ltd". */
  person: string;
  /** "administrator, personal". */
  flags: string;
}

interface LoginValue {
  code?: number;
  token?: string;
  isadmin?: boolean;
  issuper?: boolean;
  isPersonal?: boolean;
  isfront?: boolean;
}

function claims(token: string): Record<string, unknown> | null {
  try {
    const payload = token.split('.')[1] ?? '';
    return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    return null;
  }
}

/** The people one can sign in as: the successful `POST /login` examples, with who they are. */
export function rolesOf(document: OpenApiDocument): Role[] {
  const operation = operationAt(document, loginCall.method, loginCall.path);
  const response = operation?.responses['200'] ? resolveRef(document, operation.responses['200']) : undefined;
  const examples = response?.content?.['application/json']?.examples ?? {};
  return Object.entries(examples).flatMap(([example, reference]) => {
    const value = resolveRef<ExampleObject>(document, reference).value as LoginValue | undefined;
    const token = value?.code === 1 && value.token ? claims(value.token) : null;
    if (!value || !token) return [];
    const person = `${String(token.first_name ?? '')} ${String(token.last_name ?? '')}`.trim();
    // As the app reads them: the token's admin flag makes an administrator; the login's flags
    // say personal, super, sub- (isadmin) and front administrator.
    const flags = [
      token.admin ? 'administrator' : '',
      token.admin && value.isPersonal ? 'personal' : '',
      value.issuper ? 'super user' : '',
      value.isadmin ? 'sub-administrator' : '',
      value.isfront ? 'front administrator' : '',
    ].filter(Boolean);
    return [{ example, person: `${person}, ${String(token.company_name ?? '')}`, flags: flags.length ? flags.join(', ') : 'basic user' }];
  });
}

/** Whether a stored answer still names something the contract has (a code and an example of it). */
export function isKnownAnswer(document: OpenApiDocument, key: string, prefer: string): boolean {
  const [method = '', path = ''] = key.split(' ');
  const operation = operationAt(document, method, path);
  const { code, example } = parsePrefer(prefer);
  if (!operation || !code) return false;
  const response = operation.responses[code] ? resolveRef(document, operation.responses[code]) : undefined;
  if (!response) return false;
  if (!example) return true;
  return Object.values(response.content ?? {}).some((media) => Object.keys(media.examples ?? {}).includes(example));
}
