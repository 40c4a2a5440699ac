type Level = 'debug' | 'info' | 'warn' | 'error';
/** `silent` (tests) writes nothing. */
const ORDER: Record<Level | 'silent', number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

function threshold(): number {
  const wanted = (process.env.LOG_LEVEL ?? 'info').toLowerCase() as Level | 'silent';
  return ORDER[wanted] ?? ORDER.info;
}

function serialize(value: unknown): unknown {
  if (value instanceof Error) return { name: value.name, message: value.message, stack: value.stack };
  return value;
}

/** A structured JSON logger: one line per entry, with persistent keys (service, request id). */
export class Logger {
  constructor(private readonly keys: Record<string, unknown> = {}) {}

  child(keys: Record<string, unknown>): Logger {
    return new Logger({ ...this.keys, ...keys });
  }

  private write(level: Level, message: string, extra?: Record<string, unknown>) {
    if (ORDER[level] < threshold()) return;
    const entry: Record<string, unknown> = {
      level,
      message,
      timestamp: new Date().toISOString(),
      ...this.keys,
    };
    for (const [k, v] of Object.entries(extra ?? {})) entry[k] = serialize(v);
    const line = JSON.stringify(entry);
    if (level === 'error' || level === 'warn') console.error(line);
    else console.log(line);
  }

  debug = (message: string, extra?: Record<string, unknown>) => this.write('debug', message, extra);
  info = (message: string, extra?: Record<string, unknown>) => this.write('info', message, extra);
  warn = (message: string, extra?: Record<string, unknown>) => this.write('warn', message, extra);
  error = (message: string, extra?: Record<string, unknown>) => this.write('error', message, extra);
}

export const logger = new Logger({ service: process.env.SERVICE_NAME ?? 'planform' });
