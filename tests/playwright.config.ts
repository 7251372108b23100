import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

/**
 * Browser tests in a real Chromium against the production build and the contract mock.
 * Chromium comes from CHROMIUM_PATH, else Debian's /usr/bin/chromium, else Playwright's own
 * browsers when they are installed.
 */
const port = Number(process.env.E2E_PORT ?? 8091);
const executablePath = process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  forbidOnly: true,
  retries: 0,
  reporter: [['list']],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    ...devices['Desktop Chrome'],
    baseURL: `http://localhost:${port}`,
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync', '--disable-quic'],
    },
  },
  webServer: {
    command: 'npx tsx e2e-server.ts',
    env: { ...process.env, E2E_PORT: String(port) } as Record<string, string>,
    url: `http://localhost:${port}/login`,
    reuseExistingServer: false,
    timeout: 90_000,
    stdout: 'pipe',
  },
});
