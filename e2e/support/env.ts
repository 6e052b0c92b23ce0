// Values the global setup hands to the test files (vitest provide/inject).
declare module 'vitest' {
  export interface ProvidedContext {
    /** http://127.0.0.1:<port> of the server under test. */
    baseUrl: string;
    /** Playwright browser-server endpoint of the shared Chromium. */
    browserWsEndpoint: string;
    /** Directory where the SMTP sink writes every received message as a file. */
    mailDir: string;
  }
}

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

export function chromiumPath(): string {
  return process.env.CHROME_PATH || '/usr/bin/chromium';
}
