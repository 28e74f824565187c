import type { FastifyBaseLogger } from 'fastify';
import type { AuthService } from '../modules/auth/auth.service.js';

const HOUR_MS = 60 * 60_000;

/** Hourly: drop expired sessions and old SMS codes. Returns the function that stops it. */
export function startHousekeeping(auth: AuthService, log: FastifyBaseLogger): () => void {
  const run = () => {
    auth.purgeExpired().catch((err: unknown) => log.error({ err }, 'housekeeping failed'));
  };
  run();
  const timer = setInterval(run, HOUR_MS);
  timer.unref();
  return () => clearInterval(timer);
}
