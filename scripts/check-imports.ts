/**
 * `npm run lint`'s check of the imports inside the packages (`import-rules.ts`): no cycle,
 * no page importing a page, no feature importing a feature, no server area importing another
 * area's handlers, no shared server module importing an area. Prints each broken rule.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { importViolations, isCheckedSource } from './import-rules.ts';

const root = new URL('../', import.meta.url);
const paths = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '*.ts', '*.tsx'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter(isCheckedSource);
const files = paths.map((path) => ({ path, text: readFileSync(new URL(path, root), 'utf8') }));
const violations = importViolations(files);
for (const violation of violations) console.error(`imports (${violation.rule}): ${violation.message}`);
if (violations.length > 0) {
  console.error(`${violations.length} import rule(s) broken (see scripts/import-rules.ts).`);
  process.exit(1);
}
console.log(
  `Imports: ${files.length} source files, no cycle, no import across pages, features or server areas' handlers, none from a shared server module into an area, none of the file workers' packages in the server's request thread.`,
);
