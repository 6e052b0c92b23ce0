import { describe, expect, it } from 'vitest';
import { readyMessage } from './ready-message';

describe('readyMessage', () => {
  it('names the local address and where the sign-in code appears without SMTP', () => {
    const line = readyMessage({ host: '127.0.0.1', publicOrigin: undefined, smtpUrl: undefined }, 3000);
    expect(line).toContain('open http://localhost:3000');
    expect(line).toContain('sign-in codes are printed in this terminal');
    expect(line).toContain('"Sign-in code"');
    expect(line).not.toContain('\n');
  });

  it('uses the port actually bound and a bracketed IPv6 host', () => {
    const line = readyMessage({ host: 'fd00::5', publicOrigin: undefined, smtpUrl: undefined }, 41234);
    expect(line).toContain('open http://[fd00::5]:41234');
  });

  it('prefers the public origin and says codes go by email when SMTP is set', () => {
    const line = readyMessage(
      { host: '0.0.0.0', publicOrigin: 'https://plan.example', smtpUrl: 'smtp://mail:587' },
      3000,
    );
    expect(line).toContain('open https://plan.example');
    expect(line).toContain('sent by email');
    expect(line).not.toContain('terminal');
  });
});
