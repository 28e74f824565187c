import {
  LogController,
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import type { FastifyChildLoggerFactory } from 'fastify/types/logger.js';

/**
 * One line per request, when it is answered: its method, URL, address, status and time. Fastify
 * writes two (one as it arrives, one when answered), each a few microseconds of a small answer's
 * twenty or so; the second then repeats the request's id only.
 */
export class RequestLog extends LogController {
  override incomingRequest() {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    if (this.isLogDisabled(request)) return;
    const entry = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...entry, err: error }, 'request errored');
    else reply.log.info(entry, 'request completed');
  }
}

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type LevelCheck = { isLevelEnabled(level: string): boolean };

/**
 * A request's logger, made into a pino child (its bindings, the request's id, serialised) only
 * when it writes a line: below the configured level, and at `warn` most requests write none.
 */
class LazyLogger {
  private made: FastifyBaseLogger | undefined;
  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Record<string, unknown>,
  ) {}
  private logger(): FastifyBaseLogger {
    return (this.made ??= this.parent.child(this.bindings));
  }
  private write(level: Level, args: unknown[]) {
    if (!(this.parent as unknown as LevelCheck).isLevelEnabled(level)) return;
    (this.logger()[level] as (...a: unknown[]) => void)(...args);
  }
  get level() {
    return this.parent.level;
  }
  fatal(...args: unknown[]) {
    this.write('fatal', args);
  }
  error(...args: unknown[]) {
    this.write('error', args);
  }
  warn(...args: unknown[]) {
    this.write('warn', args);
  }
  info(...args: unknown[]) {
    this.write('info', args);
  }
  debug(...args: unknown[]) {
    this.write('debug', args);
  }
  trace(...args: unknown[]) {
    this.write('trace', args);
  }
  silent() {}
  child(...args: Parameters<FastifyBaseLogger['child']>) {
    return this.logger().child(...args);
  }
}

/**
 * Fastify's child logger factory: lazy unless a route asks for a level or serializers of its own
 * (none does), which only a real child applies.
 */
export const lazyChildLogger: FastifyChildLoggerFactory = (logger, bindings, options) =>
  options.level || options.serializers
    ? logger.child(bindings, options)
    : (new LazyLogger(logger, bindings) as unknown as FastifyBaseLogger);
