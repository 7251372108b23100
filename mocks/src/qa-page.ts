/**
 * The mock's QA page, `/__mock`: a plain form (no script) where a person testing in a browser
 * chooses who they are when they sign in and which named example any call answers with. The
 * choices are kept in a cookie of their browser session (see qa-session.ts); the app's calls
 * carry it, and the front door turns it into Prism's `Prefer` header. Only the mock has this
 * page: a real server knows nothing of it.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { OpenApiDocument } from '@formsign/openapi';
import { callsOf, examplesOf } from './operation-examples.js';
import { formatPrefer } from './prefer.js';
import { callKey, choicesCookie, isKnownAnswer, readChoices, rolesOf, type QaChoices } from './qa-session.js';

export const qaPagePath = '/__mock';

const escape = (text: string): string => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const answerField = (key: string): string => `answer:${key}`;

function render(document: OpenApiDocument, choices: QaChoices, notice: string | null): string {
  const roles = rolesOf(document);
  const roleInputs = [
    `<label class="choice"><input type="radio" name="role" value=""${choices.role ? '' : ' checked'}> The mock’s default (${escape(roles[0]?.person ?? 'the first example')})</label>`,
    ...roles.map(
      (role) =>
        `<label class="choice"><input type="radio" name="role" value="${escape(role.example)}"${choices.role === role.example ? ' checked' : ''}> ${escape(role.person)} <span class="muted">(${escape(role.flags)}; example <code>${escape(role.example)}</code>)</span></label>`,
    ),
  ].join('\n');
  const rows = callsOf(document)
    .map(({ method, path, operation }, index) => {
      const key = callKey(method, path);
      const chosen = choices.answers[key] ?? '';
      const groups = examplesOf(document, operation)
        .map(({ status, names }) => {
          const options = (names.length ? names : ['']).map((name) => {
            const value = formatPrefer({ code: status, example: name || undefined });
            const label = name ? `${status}: ${name}` : `${status} (no named example)`;
            return `<option value="${escape(value)}"${value === chosen ? ' selected' : ''}>${escape(label)}</option>`;
          });
          return `<optgroup label="${escape(status)}">${options.join('')}</optgroup>`;
        })
        .join('');
      return `<tr><th scope="row"><label for="call-${index}"><code>${escape(key)}</code></label><span class="muted">${escape(operation.summary)}</span></th><td><select id="call-${index}" name="${escape(answerField(key))}"><option value="">The usual answer</option>${groups}</select></td></tr>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>formsign mock: what it answers you</title>
<style>
body { margin: 0; font: 15px/1.5 system-ui, sans-serif; color: #1b2430; background: #f4f6f9; }
main { max-width: 900px; margin: 0 auto; padding: 16px; }
h1 { font-size: 1.4rem; } h2 { font-size: 1.1rem; margin-top: 1.5em; }
.notice { padding: 10px 14px; border-radius: 8px; background: #e6f4ec; border: 1px solid #a9dcbf; }
.muted { display: block; color: #4a5566; font-size: 0.85rem; font-weight: normal; }
.choice { display: block; padding: 6px 0; } .choice .muted { display: inline; }
fieldset { border: 1px solid #d9dee6; border-radius: 8px; background: #fff; padding: 12px 16px; }
.calls { width: 100%; border-collapse: collapse; background: #fff; }
.calls th, .calls td { text-align: left; vertical-align: top; padding: 8px; border-bottom: 1px solid #eceff4; }
.calls select { max-width: 100%; font: inherit; padding: 4px; }
.table-box { overflow-x: auto; }
.actions { position: sticky; bottom: 0; display: flex; gap: 10px; flex-wrap: wrap; padding: 12px 0; background: #f4f6f9; }
button { font: inherit; font-weight: 600; padding: 8px 14px; border-radius: 8px; border: 1px solid #1f4e8c; background: #1f4e8c; color: #fff; cursor: pointer; }
button.secondary { background: #fff; color: #1b2430; border-color: #d9dee6; }
:focus-visible { outline: 3px solid #1f4e8c; outline-offset: 2px; }
code { overflow-wrap: anywhere; }
</style>
</head>
<body>
<main>
<h1>What the mock answers you</h1>
<p>The app is running on the contract’s mock: every answer is one of the contract’s named examples. The mock keeps no data, so
changes you make in the app are not kept, and it ignores paging and filters. Here you choose, for this browser session only,
who you are when you sign in and which example each call answers with. Nothing here changes what anyone else sees.</p>
${notice ? `<p class="notice" role="status">${notice}</p>` : ''}
<form method="post">
<fieldset>
<legend>Who you are when you sign in (any name and password)</legend>
${roleInputs}
</fieldset>
<h2>What each call answers</h2>
<p>“The usual answer” is the call’s first example, or the one that answers what the request asks. A request with its own <code>Prefer</code> header still gets what it asks for.</p>
<div class="table-box">
<table class="calls">
<thead><tr><th scope="col">Call</th><th scope="col">Answers with</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
</div>
<div class="actions">
<button type="submit">Save for this session</button>
<button type="submit" name="reset" value="1" class="secondary">Reset everything</button>
<a href="/">Open the app</a>
</div>
</form>
</main>
</body>
</html>
`;
}

async function readForm(incoming: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/** The choices a submitted form makes; names the contract does not have are dropped. */
export function choicesFromForm(document: OpenApiDocument, form: URLSearchParams): QaChoices {
  if (form.get('reset')) return { answers: {} };
  const role = form.get('role') ?? '';
  const answers: Record<string, string> = {};
  for (const [name, value] of form) {
    if (!name.startsWith('answer:') || !value) continue;
    const key = name.slice('answer:'.length);
    if (isKnownAnswer(document, key, value)) answers[key] = value;
  }
  return { ...(rolesOf(document).some((known) => known.example === role) ? { role } : {}), answers };
}

function noticeFor(document: OpenApiDocument, search: URLSearchParams, choices: QaChoices): string | null {
  if (search.has('reset')) return 'Everything is back to the mock’s usual answers.';
  if (!search.has('saved')) return null;
  const role = rolesOf(document).find((known) => known.example === choices.role);
  const who = role ? `You sign in as ${escape(role.person)} (${escape(role.flags)}).` : 'You sign in as the mock’s default person.';
  const count = Object.keys(choices.answers).length;
  const calls =
    count === 0 ? 'Every call gives its usual answer.' : `${count} call${count === 1 ? '' : 's'} answer${count === 1 ? 's' : ''} as you chose.`;
  return `Saved for this session. ${who} ${calls} Already signed in? <a href="/logout">Sign out</a> and sign in again to become the person you chose.`;
}

/** Serves the QA page (GET) and saves what its form chose (POST). */
export async function serveQaPage(document: OpenApiDocument, incoming: IncomingMessage, outgoing: ServerResponse): Promise<void> {
  const url = new URL(incoming.url ?? '/', 'http://mock');
  if (incoming.method === 'POST') {
    const choices = choicesFromForm(document, await readForm(incoming));
    // Back to the page (its address as the browser sees it, behind a proxy too), saying what was saved.
    outgoing.writeHead(303, {
      'Set-Cookie': choicesCookie(choices),
      Location: Object.keys(choices.answers).length || choices.role ? '?saved' : '?reset',
    });
    outgoing.end();
    return;
  }
  if (incoming.method !== 'GET' && incoming.method !== 'HEAD') {
    outgoing.writeHead(405, { Allow: 'GET, POST' }).end();
    return;
  }
  const choices = readChoices(incoming.headers.cookie);
  const body = render(document, choices, noticeFor(document, url.searchParams, choices));
  outgoing.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
  outgoing.end(incoming.method === 'HEAD' ? undefined : body);
}
