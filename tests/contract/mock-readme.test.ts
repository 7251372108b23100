import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderExamplesTable, withCurrentTable } from '@formsign/mocks/examples-table';
import { operations } from '../support/contract.js';

const readme = readFileSync(new URL('../../mocks/README.md', import.meta.url), 'utf8');

describe('the mock README', () => {
  it('shows the current table of named examples (run `npm run readme -w @formsign/mocks` when this fails)', () => {
    expect(withCurrentTable(readme)).toBe(readme);
  });

  it('lists every operation of the contract', () => {
    const table = renderExamplesTable();
    for (const { operation } of operations) expect(table).toContain(`| ${operation.operationId} |`);
  });
});
