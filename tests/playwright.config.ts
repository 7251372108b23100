import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { e2eFreshPort, e2eMockPort, e2eReadyPort, e2eServerPort } from './e2e-server/settings.ts';

/**
 * Browser tests in a real Chromium against the production build: the `mock` project against
 * the contract mock (every outcome a call can have), the `server` project against the real
 * server (the journeys a person makes, with data that is kept), the `fresh` project against a
 * real server started without the demo organisation (an organisation made from nothing). Chromium comes from
 * CHROMIUM_PATH, else Debian's chromium-headless-shell (the same Chromium without a browser
 * window around its pages, about twice as fast here), else Debian's /usr/bin/chromium, else
 * Playwright's own browsers when they are installed.
 */
const port = e2eMockPort;
const serverPort = e2eServerPort;
const executablePath = process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path));

export default defineConfig({
  fullyParallel: true,
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  forbidOnly: true,
  // A failed test runs once more, traced, for its trace; passing the second time does not
  // pass the run (a flaky test fails it). Tracing every test would cost a sixth of the run.
  retries: 1,
  failOnFlakyTests: true,
  reporter: [['list']],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  projects: [
    { name: 'mock', testDir: './e2e', testIgnore: /phone\.spec\.ts$/, use: { baseURL: `http://localhost:${port}` } },
    // A phone: 390×844 CSS pixels, touch, the page laid out at the device's width.
    {
      name: 'phone',
      testDir: './e2e',
      testMatch: /phone\.spec\.ts$/,
      use: { baseURL: `http://localhost:${port}`, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 },
    },
    { name: 'server', testDir: './e2e-server', use: { baseURL: `http://localhost:${serverPort}` } },
    { name: 'fresh', testDir: './e2e-fresh', use: { baseURL: `http://localhost:${e2eFreshPort}` } },
  ],
  use: {
    ...devices['Desktop Chrome'],
    viewport: { width: 1280, height: 800 },
    trace: 'on-first-retry',
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
        '--disable-quic',
      ],
    },
  },
  // The three servers start side by side (Playwright would start the entries of a list one
  // after the other): the contract mock with the build, the real server with the demo, the
  // fresh one; the run starts once all three answer.
  webServer: {
    command: 'node --conditions=@formsign/source --import tsx e2e-servers.ts',
    url: `http://localhost:${e2eReadyPort}/`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
  },
});
