/**
 * Content-Security-Policy violations seen by a page: a `securitypolicyviolation` event in the
 * page or a CSP message in the console, each labelled with where the page was. The policy's
 * own spec and the phone project's route sweeps (every role, signed out) fail on any.
 */
import type { Page } from '@playwright/test';

export interface Violation {
  where: string;
  what: string;
}

/** Records every CSP violation of the page (events and console messages), labelled with where the page was. */
export async function watchViolations(page: Page): Promise<{ violations: Violation[]; at(where: string): void }> {
  const violations: Violation[] = [];
  let where = '(start)';
  await page.exposeFunction('reportCspViolation', (what: string) => violations.push({ where, what }));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation(what: string): void }).reportCspViolation;
      report(`${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'} at ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (load|execute|apply|connect|frame)/i.test(message.text()))
      violations.push({ where, what: message.text() });
  });
  return {
    violations,
    at(next) {
      where = next;
    },
  };
}
