import type { Config } from './config';

/** Hosts that mean "every interface" or "this machine": a browser reaches them as localhost. */
const LOCAL_OR_ANY_HOSTS = new Set(['0.0.0.0', '::', '127.0.0.1', '::1', 'localhost']);

/**
 * The one plain line `npm start` prints once the server listens, among pino's JSON lines:
 * where to open the app and, without SMTP_URL, where the sign-in code will show up.
 */
export function readyMessage(
  config: Pick<Config, 'host' | 'publicOrigin' | 'smtpUrl'>,
  listeningPort: number,
): string {
  const host = LOCAL_OR_ANY_HOSTS.has(config.host)
    ? 'localhost'
    : config.host.includes(':')
      ? `[${config.host}]`
      : config.host;
  const url = config.publicOrigin ?? `http://${host}:${listeningPort}`;
  const signIn = config.smtpUrl
    ? 'Sign-in codes are sent by email.'
    : 'No SMTP_URL is set, so sign-in codes are printed in this terminal, on a line with "Sign-in code".';
  return `Chart-to-Plan is running: open ${url} in your browser. ${signIn}`;
}
