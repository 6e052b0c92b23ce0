import { describe, expect, it } from 'vitest';
import {
  AUTH_VALIDATION,
  loginBodySchema,
  registerBodySchema,
  validationTitleFor,
  verifyBodySchema,
} from '../../../contracts/auth';

/** The shared schemas decide what the web form and the API both say (SPEC.md 5). */
describe('contracts/auth', () => {
  const messages = (result: { error?: { issues: { message: string }[] } }) =>
    result.error?.issues.map((issue) => issue.message) ?? [];

  it('normalises the registration: trimmed name, trimmed lower-case email', () => {
    expect(
      registerBodySchema.parse({
        name: '  Ann Lee ',
        email: ' Ann.Lee@Mail.COM ',
        tradingExperience: 'expert',
      }),
    ).toEqual({ name: 'Ann Lee', email: 'ann.lee@mail.com', tradingExperience: 'expert' });
  });

  it('an empty email is "missing", never also "invalid"', () => {
    expect(
      messages(registerBodySchema.safeParse({ name: 'A', email: ' ', tradingExperience: 'learner' })),
    ).toEqual([AUTH_VALIDATION.missingInformation.message]);
    expect(messages(loginBodySchema.safeParse({ email: '' }))).toEqual([
      AUTH_VALIDATION.missingEmail.message,
    ]);
  });

  it('maps each message to its SPEC.md title', () => {
    expect(validationTitleFor('Please fill in all required fields.')).toBe('Missing Information');
    expect(validationTitleFor('Please enter a valid email address.')).toBe('Invalid Email');
    expect(validationTitleFor('Please enter your email address.')).toBe('Missing Email');
    expect(validationTitleFor('something else')).toBeUndefined();
  });

  it('accepts an 8-digit code with spaces and refuses anything else', () => {
    expect(verifyBodySchema.parse({ email: 'a@b.co', code: ' 0123 4567 ' }).code).toBe('01234567');
    for (const code of ['1234567', '123456789', '1234abcd', '', 12345678]) {
      expect(verifyBodySchema.safeParse({ email: 'a@b.co', code }).success).toBe(false);
    }
  });
});
