import { afterAll, describe, expect, it } from 'vitest';
import { createSandboxPool } from './isolated';

const HANDLER = new URL('./fixtures/sandboxed-handler.ts', import.meta.url).pathname;

describe('local Lambda sandboxes (worker threads)', () => {
  const pool = createSandboxPool({ maxOldGenerationSizeMb: 96, timeoutMs: 1_500, concurrency: 2 });
  afterAll(() => pool.close());

  it('runs the handler with the event, a context and the live environment', async () => {
    process.env.SANDBOX_TEST_VALUE = 'shared';
    expect(await pool.invoke('echo-fn', HANDLER, { mode: 'echo', value: [1, 'two'] })).toEqual({
      echoed: [1, 'two'],
      functionName: 'echo-fn',
      env: 'shared',
    });
  });

  it('a handler that spins is stopped at the timeout, and this thread stays free meanwhile', async () => {
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 50);
    const started = Date.now();
    await expect(pool.invoke('spin-fn', HANDLER, { mode: 'spin' })).rejects.toThrow(
      /timed out after 1.5 seconds/,
    );
    clearInterval(ticker);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(ticks).toBeGreaterThan(10);
  });

  it('a handler that outgrows its heap fails alone; the next invocation gets a fresh sandbox', async () => {
    // A timeout far beyond the time to fill 96 MB, so the heap limit stops it even on a busy machine (where the
    // garbage collector's last struggles near the limit once outlasted a 1.5 s timeout).
    const roomy = createSandboxPool({ maxOldGenerationSizeMb: 96, timeoutMs: 60_000, concurrency: 1 });
    try {
      await expect(roomy.invoke('grow-fn', HANDLER, { mode: 'grow' })).rejects.toThrow(/memory|exited/i);
      expect(await roomy.invoke('echo-fn', HANDLER, { mode: 'echo', value: 'after' })).toMatchObject({
        echoed: 'after',
      });
    } finally {
      await roomy.close();
    }
  }, 90_000);

  it('refuses invocations once closed', async () => {
    const closing = createSandboxPool({ maxOldGenerationSizeMb: 64, timeoutMs: 1_000, concurrency: 1 });
    await closing.close();
    await expect(closing.invoke('echo-fn', HANDLER, { mode: 'echo' })).rejects.toThrow(/stopping/);
  });
});

describe('a warmed sandbox pool', () => {
  it('loads the module ahead of the first invocation, in the sandbox that then answers it', async () => {
    const pool = createSandboxPool({ maxOldGenerationSizeMb: 96, timeoutMs: 5_000, concurrency: 1 });
    try {
      await pool.warm('echo-fn', HANDLER);
      expect(await pool.invoke('echo-fn', HANDLER, { mode: 'echo', value: 1 })).toMatchObject({ echoed: 1 });
    } finally {
      await pool.close();
    }
  });
});
