// `npm start`: serve the site and the API on PORT (2002), stop gracefully on SIGTERM or SIGINT.
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { startDecisionRecorder } from './decide/decision-recorder.ts';

async function main() {
  const config = loadConfig();
  const app = await buildApp(config);
  startDecisionRecorder(app.db);
  // Built now rather than by the first decision that names each one (the receptionist's first
  // message waited about 175 ms for its policy to compile); the thread that loads stored and inline
  // policies starts meanwhile.
  await Promise.all([app.decisions.loader.warm(), app.decisions.loadArbiters()]);
  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void close('SIGTERM'));
  process.on('SIGINT', () => void close('SIGINT'));
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Bytebound is serving ${config.publicUrl} (database: ${config.database.dialect})`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
