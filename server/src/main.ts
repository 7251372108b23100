/**
 * `npm start`: the reference server with the built app, on PORT (8080). Stops cleanly on
 * SIGINT and SIGTERM, closing the database (the embedded one must be closed to stay sound).
 */
import { readConfig } from './config.js';
import { startServer } from './server.js';

const config = readConfig();
const server = await startServer(config).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

let stopping = false;
const stop = (signal: string): void => {
  if (stopping) return;
  stopping = true;
  server.context.log.info(`${signal}: stopping.`);
  server.stop().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
