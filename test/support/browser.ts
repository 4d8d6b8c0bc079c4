import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext } from 'playwright-core';

/** Debian's chromium (`apt-get install -y chromium`; `.ci/run` installs it when missing). */
const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];
export const CHROMIUM = CANDIDATES.find((file) => existsSync(file));

/** Put in the describe title of browser tests, so a skip says why. */
export const browserNote = CHROMIUM
  ? `(headless ${CHROMIUM})`
  : '(SKIPPED: no chromium at /usr/bin/chromium; install it with `apt-get install -y chromium`)';

/**
 * A headless Chromium with a fresh profile (Playwright passes it as --user-data-dir), no
 * network services, no GPU. Close the context to end the browser.
 */
export async function launchChromium(): Promise<BrowserContext> {
  const { chromium } = await import('playwright-core');
  const profile = mkdtempSync(path.join(tmpdir(), 'apb-chromium-'));
  return chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM!,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
