/**
 * The browser tests' accessibility check: what axe-core finds on the page as it stands, or in
 * the part `within` selects, each violation with where it is.
 *
 * Axe runs inside the page and its frames ("legacy mode"). By default @axe-core/playwright
 * opens a further blank tab for every check, injects axe into it again and merges the frames'
 * results there: here that is 4.5 core-seconds a page instead of 2.0–2.6, for the same rules on
 * the same page.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';

export interface AxeCheck {
  /** A selector: only this part of the page is checked (a page's own `main`, without the shell around it). */
  within?: string;
  /** Every violation, not only the serious and critical ones. */
  all?: boolean;
}

/** The violations (serious and critical unless `all`), as `rule: help (where, ...)`. */
export async function axeViolations(page: Page, { within, all = false }: AxeCheck = {}): Promise<string[]> {
  const builder = new AxeBuilder({ page }).setLegacyMode(true);
  const results = await (within ? builder.include(within) : builder).analyze();
  return results.violations
    .filter((violation) => all || violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes
          .map((node) => node.target.join(' '))
          .slice(0, 3)
          .join(', ')})`,
    );
}
