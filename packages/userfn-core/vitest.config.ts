import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 60_000,
    // expect.poll waits for something that will happen (a server's log line, a reload):
    // its bound is how long to wait on a loaded machine, not a speed assertion (the default, 1 s, is).
    expect: { poll: { timeout: 30_000 } },
  },
});
