import chromiumPackage from '@sparticuz/chromium';
import { chromium, type Browser } from 'playwright-core';

/**
 * Starts the headless Chromium that the npm package @sparticuz/chromium ships (unpacked into
 * the system's temporary folder on first use), so browser tests need nothing installed by hand.
 */
export async function launchBrowser(): Promise<Browser> {
  const executablePath = await chromiumPackage.executablePath();
  return chromium.launch({ executablePath, args: [...chromiumPackage.args, '--disable-background-networking', '--disable-component-update', '--disable-sync'], headless: true });
}
