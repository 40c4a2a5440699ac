import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { freePort, waitFor } from './net';

export interface DynamoDbLocal {
  endpoint: string;
  stop(): Promise<void>;
}

export class JavaMissingError extends Error {
  constructor() {
    super(
      'DynamoDB Local needs Java 17 or newer, and `java` was not found on PATH.\n' +
        '  Fix: install a JDK/JRE 17+ (Debian/Ubuntu: `sudo apt-get install -y openjdk-17-jre-headless`), then run again.\n' +
        '  Or point AWS_ENDPOINT_URL at a running LocalStack to use its DynamoDB instead.',
    );
  }
}

function javaMajorVersion(): number | null {
  const result = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (result.error || result.status !== 0) return null;
  const match = /version "(\d+)(?:\.(\d+))?/.exec(`${result.stderr}${result.stdout}`);
  if (!match) return null;
  const major = Number(match[1]);
  return major === 1 ? Number(match[2]) : major;
}

export function assertJava(): void {
  const major = javaMajorVersion();
  if (major === null) throw new JavaMissingError();
  if (major < 17)
    throw new Error(`DynamoDB Local needs Java 17 or newer; found Java ${major}. Install Java 17+.`);
}

/**
 * A local cloud killed with SIGKILL cannot stop its Java child, which then keeps the database files locked. The
 * child's pid is kept beside the data; the next start stops a survivor before it starts its own.
 */
function stopSurvivor(pidFile: string): void {
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8'));
  rmSync(pidFile, { force: true });
  if (!Number.isInteger(pid) || pid <= 0) return;
  try {
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    if (!cmdline.includes('DynamoDBLocal.jar')) return;
    process.kill(pid, 'SIGKILL');
  } catch {
    // gone already, or not ours to stop
  }
}

/** AWS's own DynamoDB emulator (the jar shipped in amplify-dynamodb-simulator), as a child process. */
export async function startDynamoDbLocal(options: { dbPath?: string }): Promise<DynamoDbLocal> {
  assertJava();
  const pidFile = options.dbPath ? join(options.dbPath, 'dynamodb-local.pid') : undefined;
  if (pidFile) stopSurvivor(pidFile);
  const require = createRequire(import.meta.url);
  const emulatorDir = join(dirname(require.resolve('amplify-dynamodb-simulator/package.json')), 'emulator');
  const port = await freePort();
  const storage = options.dbPath ? ['-dbPath', options.dbPath] : ['-inMemory'];
  const child: ChildProcess = spawn(
    'java',
    [
      '-Xmx512m',
      `-Djava.library.path=${join(emulatorDir, 'DynamoDBLocal_lib')}`,
      '-jar',
      join(emulatorDir, 'DynamoDBLocal.jar'),
      '-port',
      String(port),
      '-sharedDb',
      ...storage,
    ],
    { cwd: emulatorDir, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  if (pidFile && child.pid) writeFileSync(pidFile, String(child.pid));
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`DynamoDB Local exited (code ${code}):\n${output}`))),
  );
  const endpoint = `http://127.0.0.1:${port}`;
  await Promise.race([waitFor(endpoint, 30_000, (status) => status === 400), exited]);
  return {
    endpoint,
    stop: () =>
      new Promise<void>((resolve) => {
        if (pidFile) rmSync(pidFile, { force: true });
        // A child killed by a signal has exitCode null and signalCode set: it is gone all the same.
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 3000).unref();
      }),
  };
}
