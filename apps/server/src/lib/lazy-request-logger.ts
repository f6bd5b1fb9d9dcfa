import type { FastifyBaseLogger, FastifyServerOptions } from "fastify";

type LogMethod = "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";
type ChildOptions = Parameters<FastifyBaseLogger["child"]>[1];

/**
 * A request's logger that becomes a real pino child only when something is logged. Fastify makes
 * a child logger (carrying the trace id) for every request, yet most requests log nothing: making
 * it cost the hottest endpoints a few percent of their throughput for nothing.
 */
export class LazyRequestLogger implements FastifyBaseLogger {
  #parent: FastifyBaseLogger;
  #bindings: Record<string, unknown>;
  #options: ChildOptions;
  #child: FastifyBaseLogger | undefined;

  constructor(parent: FastifyBaseLogger, bindings: Record<string, unknown>, options: ChildOptions) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
  }

  /** The pino child, made on first use. */
  get materialised(): FastifyBaseLogger {
    this.#child ??= this.#parent.child(this.#bindings, this.#options);
    return this.#child;
  }

  get isMaterialised(): boolean {
    return this.#child !== undefined;
  }

  get level(): string {
    return this.#child?.level ?? this.#options?.level ?? this.#parent.level;
  }

  set level(level: string) {
    this.materialised.level = level;
  }

  // Prototype methods, not arrow-function fields: those would be six closures per request.
  fatal(...args: unknown[]): void {
    this.#log("fatal", args);
  }
  error(...args: unknown[]): void {
    this.#log("error", args);
  }
  warn(...args: unknown[]): void {
    this.#log("warn", args);
  }
  info(...args: unknown[]): void {
    this.#log("info", args);
  }
  debug(...args: unknown[]): void {
    this.#log("debug", args);
  }
  trace(...args: unknown[]): void {
    this.#log("trace", args);
  }
  silent(): void {}

  child(bindings: Record<string, unknown>, options?: ChildOptions): FastifyBaseLogger {
    return this.materialised.child(bindings, options);
  }

  #log(method: LogMethod, args: unknown[]): void {
    (this.materialised[method] as (...values: unknown[]) => void)(...args);
  }
}

export const lazyChildLoggerFactory: NonNullable<FastifyServerOptions["childLoggerFactory"]> = (logger, bindings, options) =>
  new LazyRequestLogger(logger, bindings, options);
