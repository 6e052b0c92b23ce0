import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { findWebRoot } from './http/static-web';
import { readyMessage } from './ready-message';

/**
 * Entry point (`npm start` runs the bundle dist/server/main.js; `npm run dev` runs this file
 * through tsx). Exits 1 with every bad variable listed when the environment is invalid.
 */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  const app = await buildApp(config, {
    webRoot: findWebRoot(dirname(fileURLToPath(import.meta.url))),
  });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Stop accepting, let in-flight requests finish, then close the database.
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    app.close().then(
      () => {
        clearTimeout(force);
        process.exit(0);
      },
      (err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  if (config.database.kind === 'pglite') {
    app.log.info(`Embedded PGlite database in ${config.database.dataDir}`);
  }
  // One plain line a person can read among the JSON log lines (which stay JSON for log tools).
  const address = app.server.address();
  const listeningPort = typeof address === 'object' && address ? address.port : config.port;
  console.log(readyMessage(config, listeningPort));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
