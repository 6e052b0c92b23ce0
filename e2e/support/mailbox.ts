import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { inject } from 'vitest';

interface StoredMail {
  to: string[];
  receivedAt: number;
  raw: string;
}

async function mailsTo(address: string): Promise<StoredMail[]> {
  const dir = inject('mailDir');
  const names = (await readdir(dir)).filter((n) => n.endsWith('.json')).sort();
  const mails = await Promise.all(
    names.map(async (n) => JSON.parse(await readFile(join(dir, n), 'utf8')) as StoredMail),
  );
  return mails.filter((m) => m.to.includes(address.toLowerCase()));
}

/** Number of messages received so far for `address` (to wait for the next one). */
export async function mailCount(address: string): Promise<number> {
  return (await mailsTo(address)).length;
}

/**
 * Waits for message number `index` (0-based) to `address` and returns the 8-digit code in it,
 * read from the subject or, failing that, from the decoded text.
 */
export async function waitForLoginCode(address: string, index = 0): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const mail = (await mailsTo(address))[index];
    if (mail) {
      const code = extractCode(mail.raw);
      if (!code) throw new Error(`No 8-digit code in the mail to ${address}:\n${mail.raw}`);
      return code;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`No login code email reached ${address} within 15 s`);
}

function extractCode(raw: string): string | undefined {
  const subject = /^Subject: (.*)$/im.exec(raw)?.[1];
  const fromSubject = subject ? /\b(\d{8})\b/.exec(subject)?.[1] : undefined;
  if (fromSubject) return fromSubject;
  // Quoted-printable soft line breaks could split the digits; join them before searching.
  const body = raw.replace(/=\r?\n/g, '');
  return /\b(\d{8})\b/.exec(body)?.[1];
}
