import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The whole RFC 5322 message as sent over the wire. */
  raw: string;
}

export interface TestSmtpServer {
  url: string;
  messages: ReceivedMail[];
  /** The 8-digit code of the latest mail to `to` (read from the received message). */
  latestCodeFor(to: string): string;
  close(): Promise<void>;
}

/** A real SMTP server on a random loopback port, without TLS or auth, keeping every mail. */
export async function startSmtpServer(): Promise<TestSmtpServer> {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((address) => address.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    latestCodeFor(to) {
      const mail = messages.filter((m) => m.to.includes(to)).at(-1);
      if (!mail) throw new Error(`no mail was received for ${to}`);
      // The code is in the subject line, which nodemailer leaves unencoded for ASCII.
      const match = /^Subject: .*?\b(\d{8})\b/m.exec(mail.raw);
      if (!match?.[1]) throw new Error(`no 8-digit code in the mail to ${to}`);
      return match[1];
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
