/**
 * `npm run mock`: the mock on port 4010 (or MOCK_PORT), serving the contract; Prism reloads
 * the document when it changes, and the front door its example rules.
 */
import { startMock } from '../src/start-mock.js';

const port = Number(process.env.MOCK_PORT ?? 4010);
const mock = await startMock({ port, log: true });
console.log(`formsign mock: ${mock.url} (paths at its root; put it behind /api with the prefix removed)`);
const stop = (): void => void mock.stop().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
