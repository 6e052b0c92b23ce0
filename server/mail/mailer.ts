import nodemailer from 'nodemailer';
/** The mailer only needs to write info lines (pino and Fastify loggers both fit). */
type MailLog = { info(message: string): void };
import { LOGIN_CODE_TTL_MINUTES } from '../../contracts/auth';
import type { Config } from '../config';
import { maskEmail } from '../logger';

/** Sends the few emails the product has. Routes depend on this interface, not on SMTP. */
export interface Mailer {
  sendLoginCode(to: string, code: string): Promise<void>;
  close(): Promise<void>;
}

export interface LoginCodeEmail {
  subject: string;
  text: string;
  html: string;
}

export function loginCodeEmail(code: string): LoginCodeEmail {
  const minutes = LOGIN_CODE_TTL_MINUTES;
  return {
    subject: `Your Chart-to-Plan sign-in code: ${code}`,
    text: [
      'Your Chart-to-Plan sign-in code is:',
      '',
      `    ${code}`,
      '',
      `It is valid for ${minutes} minutes and can be used once.`,
      'If you did not try to sign in, you can ignore this email.',
    ].join('\n'),
    html: [
      '<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111">',
      '<p>Your Chart-to-Plan sign-in code is:</p>',
      `<p style="font-size:28px;font-weight:bold;letter-spacing:4px">${code}</p>`,
      `<p>It is valid for ${minutes} minutes and can be used once.</p>`,
      '<p style="color:#555">If you did not try to sign in, you can ignore this email.</p>',
      '</body></html>',
    ].join(''),
  };
}

export function createMailer(config: Config, log: MailLog): Mailer {
  if (config.smtpUrl) return createSmtpMailer(config.smtpUrl, config.mailFrom);
  if (config.nodeEnv === 'production') {
    // loadConfig already refuses this; kept so no other entry point can bypass it.
    throw new Error('SMTP_URL must be set when NODE_ENV=production');
  }
  return createLogMailer(log);
}

function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async sendLoginCode(to, code) {
      await transport.sendMail({ from, to, ...loginCodeEmail(code) });
    },
    async close() {
      transport.close();
    },
  };
}

/**
 * Local use without a mail server: the code goes to the log so the developer can sign in.
 * This is the one place a code is logged, in the message text (redaction works on fields),
 * on a line that says it is local-only. Production refuses this mode.
 */
function createLogMailer(log: MailLog): Mailer {
  return {
    async sendLoginCode(to, code) {
      log.info(
        `[LOCAL ONLY - no SMTP_URL set] Sign-in code for ${maskEmail(to)}: ${code} (valid ${LOGIN_CODE_TTL_MINUTES} minutes)`,
      );
    },
    async close() {},
  };
}
