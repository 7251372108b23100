/**
 * Runs npm scripts side by side (`tsx scripts/run-together.ts checks test:unit build`): each one's
 * output is printed whole once it ends, with how long it took, and the run fails when any of
 * them fails. Work that uses one core for long stretches (ESLint, tsc, the build's bundling)
 * fills the cores the others leave idle, so the whole takes less than the sum of its parts.
 */
import { spawn } from 'node:child_process';

interface Outcome {
  script: string;
  code: number;
  seconds: number;
  output: string;
}

function run(script: string): Promise<Outcome> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' },
    });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('close', (code) => {
      const seconds = (performance.now() - started) / 1000;
      resolve({ script, code: code ?? 1, seconds, output: Buffer.concat(chunks).toString('utf8') });
    });
  });
}

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error('Name the npm scripts to run, e.g. `tsx scripts/run-together.ts checks test:unit`.');
  process.exit(2);
}
console.log(`Running side by side: ${scripts.map((script) => `npm run ${script}`).join(', ')}; each one's output follows when it ends.`);
const outcomes = await Promise.all(
  scripts.map((script) =>
    run(script).then((outcome) => {
      process.stdout.write(
        `\n> npm run ${outcome.script} (${outcome.code === 0 ? 'passed' : `failed, exit ${outcome.code}`}, ${outcome.seconds.toFixed(1)} s)\n${outcome.output}`,
      );
      return outcome;
    }),
  ),
);
const failed = outcomes.filter((outcome) => outcome.code !== 0);
if (failed.length > 0) {
  console.error(`\n${failed.map((outcome) => `npm run ${outcome.script}`).join(', ')} failed.`);
  process.exit(1);
}
