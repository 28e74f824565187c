import cluster from 'node:cluster';
import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo, Socket } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from './config.js';
import { embeddedDatabaseDir } from './config-early.js';
import type { Database } from './db/client.js';
import { startPgliteThread } from './db/pglite-start.js';
import type { TestClock } from './lib/clock.js';
import type { Secrets } from './modules/system/settings.service.js';

/**
 * The rest of the server, loaded while the database opens (PGlite's WASM boot takes about as long
 * as these modules, and the two overlap): main.ts itself imports only the configuration and the
 * database client. The app's part that needs no database is built then too.
 */
async function loadServer(config: Config) {
  const [
    { buildApp, createApp },
    { startJobs },
    { createOffsetClock, systemClock },
    { SERVER_FILE, writeOperatorToken },
    { resolveSecrets },
  ] = await Promise.all([
    import('./app.js'),
    import('./jobs/jobs.js'),
    import('./lib/clock.js'),
    import('./lib/runtime-files.js'),
    import('./modules/system/settings.service.js'),
  ]);
  return {
    app: await createApp(config),
    buildApp,
    startJobs,
    createOffsetClock,
    systemClock,
    SERVER_FILE,
    writeOperatorToken,
    resolveSecrets,
  };
}
type Server = Awaited<ReturnType<typeof loadServer>>;

/** How long after the port opens the jobs start (see serve). */
const JOBS_AFTER_LISTEN_MS = 1000;

async function main() {
  // 'ready' reports the ms from here: the app's modules load after it, beside the database.
  const started = performance.now();
  // PGlite's thread first of all: its boot (most of a second) is the longest part of a start, and
  // the configuration's parser alone takes a tenth of a second to load. config-early.ts finds the
  // directory config.ts will (its test holds the two together). Only on an existing database: a
  // new one's initdb, cut short by a configuration that fails to parse, would leave it unopenable.
  const earlyDir = cluster.isWorker ? null : embeddedDatabaseDir();
  const early =
    earlyDir !== null && existsSync(path.join(earlyDir, 'PG_VERSION'))
      ? startPgliteThread(earlyDir)
      : undefined;
  // Its failure (the directory in use) is the database's to report, below.
  early?.catch(() => {});
  const [{ loadConfig }, { openConfiguredDatabase }] = await Promise.all([
    import('./config.js'),
    import('./db/client.js'),
  ]);
  const config = loadConfig();
  // The database first, then the modules: a primary of several workers serves nothing itself.
  const opening = openConfiguredDatabase(config, config.dbPoolMax, early);
  const serves = cluster.isWorker || config.webConcurrency === 1;
  // The demo seed's module loads beside them too: on an existing database it only counts accounts.
  const seeding = config.seedDemo && !cluster.isWorker ? import('./cli/seed.js') : null;
  const [database, server] = await Promise.all([opening, serves ? loadServer(config) : null]);
  if (cluster.isWorker && server) {
    // The primary migrated and seeded, and hands the secrets over as configuration: nothing here
    // writes what another process may be writing.
    const secrets = await server.resolveSecrets(database.db, config);
    await serve(server, config, database, secrets, { started, seeded: false, worker: true });
    return;
  }
  await database.migrate();
  let seeded = false;
  if (seeding) {
    const { seedDemo } = await seeding;
    seeded = await seedDemo(database.db, { passwordHashCost: config.passwordHashCost });
  }

  const { resolveSecrets } = server ?? (await import('./modules/system/settings.service.js'));
  const { writeOperatorToken } = server ?? (await import('./lib/runtime-files.js'));
  const secrets = await resolveSecrets(database.db, config);
  await mkdir(config.dataDir, { recursive: true });
  await writeOperatorToken(config.dataDir, secrets.operatorToken);

  if (server) {
    await serve(server, config, database, secrets, { started, seeded, worker: false });
    return;
  }
  await database.close();
  // The workers run this file, not what started the primary (scripts/start.mjs builds first).
  const entry = fileURLToPath(import.meta.url);
  const { runWorkers } = await import('./cluster.js');
  runWorkers(config, secrets, {
    entry,
    started,
    seeded,
    onReady: (port) => void welcome(config, port),
  });
}

/** One server process: the app, its jobs and the graceful shutdown; a worker of a primary, or alone. */
async function serve(
  { app: created, buildApp, startJobs, createOffsetClock, systemClock, SERVER_FILE }: Server,
  config: Config,
  database: Database,
  secrets: Secrets,
  { started, seeded, worker }: { started: number; seeded: boolean; worker: boolean },
) {
  // Jobs sleep until their work is due: a moved test clock makes them look again at once.
  const onClockMove: (() => void)[] = [];
  const clock = config.testClock
    ? wakingOnMove(createOffsetClock(), () => onClockMove.forEach((moved) => moved()))
    : systemClock;
  const app = await buildApp(config, { database, secrets, clock }, created);
  if (config.testClock) app.log.warn('TEST_CLOCK=true: the operator API can move the clock');
  if (config.env === 'production' && config.sms.provider === 'log' && !worker) {
    app.log.warn('SMS_PROVIDER=log in production: codes go to the log, not to phones');
  }
  // The jobs run on the services the routes use: one set, made by buildApp (services.ts). They
  // start a moment after the port opens, so the first requests are not queued behind their
  // catch-up (lots that ended while no server ran…) on a database that has just opened: on
  // PGlite, which runs one statement at a time, that held the first answer ~200 ms.
  let jobs: ReturnType<typeof startJobs> | undefined;
  let startingJobs: NodeJS.Timeout | undefined;
  app.server.once('listening', () => {
    startingJobs = setTimeout(() => {
      jobs = startJobs(app.services, clock, app.log, database.upkeep);
    }, JOBS_AFTER_LISTEN_MS);
  });
  onClockMove.push(() => jobs?.wakeAll());
  app.addHook('onClose', async () => {
    clearTimeout(startingJobs);
    await jobs?.stop();
    await database.close();
  });

  // Connections that have not sent a request yet (a browser's preconnect, fetch's spare socket):
  // the server counts them neither idle nor done, so a shutdown closes them itself.
  const silent = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    silent.add(socket);
    socket.once('close', () => silent.delete(socket));
  });
  app.server.on('request', (req: { socket: Socket }) => silent.delete(req.socket));

  // A worker's primary writes where the server listens, once for all of them.
  const serverFile = worker ? null : path.join(config.dataDir, SERVER_FILE);
  // The signals are handled before the port opens: a SIGTERM that arrives as soon as the server
  // answers still shuts it down gracefully.
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    // A request stuck past this would keep the process alive; the database still closes first.
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    // A keep-alive connection turns idle only when its last response is sent; close such sockets
    // as they appear, and the silent ones, or a browser holding one open would stall the shutdown.
    const sweep = setInterval(() => {
      app.server.closeIdleConnections();
      for (const socket of silent) socket.destroy();
    }, 50);
    try {
      await app.close();
      clearInterval(sweep);
      if (serverFile) await rm(serverFile, { force: true });
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  const address = await app.listen({ host: config.host, port: config.port });
  const ms = Math.round(performance.now() - started);
  app.log.info({ address, database: database.kind, seeded, ms }, 'ready');
  if (serverFile) {
    const { port } = app.server.address() as AddressInfo;
    await writeFile(serverFile, JSON.stringify({ pid: process.pid, port }));
    await welcome(config, port);
  }
}

/** `clock`, calling `onMove` after each move. */
function wakingOnMove(clock: TestClock, onMove: () => void): TestClock {
  return {
    now: () => clock.now(),
    set: (at) => {
      clock.set(at);
      onMove();
    },
    advance: (ms) => {
      clock.advance(ms);
      onMove();
    },
  };
}

/** Where to sign in to the demo, once the server answers. */
async function welcome(config: Config, port: number) {
  if (!config.seedDemo) return;
  const { DEMO_BUYER_PHONES, DEMO_MERCHANT_PHONE, DEMO_PASSWORD } = await import('./cli/seed.js');
  process.stdout.write(
    `\n  Seafood merchant console: http://localhost:${port}\n` +
      `  Demo merchant: ${DEMO_MERCHANT_PHONE} / ${DEMO_PASSWORD}\n` +
      `  Demo buyers:   ${DEMO_BUYER_PHONES.join(', ')} / ${DEMO_PASSWORD}\n` +
      `  SMS codes:     npm run operator -- sms-outbox\n\n`,
  );
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
