import { sanitizeCodeInput, validateLoginCode, validateLoginEmail, validateRegistration } from './validation';

describe('registration validation (SPEC 5)', () => {
  it('reports missing information when any field is blank, before the email pattern', () => {
    const result = validateRegistration({ name: '   ', email: 'not-an-email', tradingExperience: 'learner' });
    expect(result).toEqual({
      ok: false,
      problem: { title: 'Missing Information', message: 'Please fill in all required fields.' },
    });
    expect(validateRegistration({ name: 'Ann', email: 'a@b.co', tradingExperience: undefined }).ok).toBe(
      false,
    );
    expect(validateRegistration({ name: 'Ann', email: '', tradingExperience: 'expert' })).toMatchObject({
      problem: { title: 'Missing Information' },
    });
  });

  it('reports an invalid email when everything is present but the email is malformed', () => {
    expect(validateRegistration({ name: 'Ann', email: 'ann@example', tradingExperience: 'expert' })).toEqual({
      ok: false,
      problem: { title: 'Invalid Email', message: 'Please enter a valid email address.' },
    });
  });

  it('trims the name and accepts a valid registration', () => {
    expect(
      validateRegistration({
        name: '  Ann Lee ',
        email: 'Ann@Example.com',
        tradingExperience: 'intermediate',
      }),
    ).toEqual({
      ok: true,
      value: { name: 'Ann Lee', email: 'ann@example.com', tradingExperience: 'intermediate' },
    });
  });
});

describe('login validation (SPEC 5)', () => {
  it('asks for an email when empty and checks the pattern otherwise', () => {
    expect(validateLoginEmail('  ')).toEqual({
      ok: false,
      problem: { title: 'Missing Email', message: 'Please enter your email address.' },
    });
    expect(validateLoginEmail('x@y')).toMatchObject({ problem: { title: 'Invalid Email' } });
    expect(validateLoginEmail('x@y.io')).toEqual({ ok: true, value: { email: 'x@y.io' } });
  });

  it('requires an 8-digit code', () => {
    expect(validateLoginCode('x@y.io', '1234567')).toMatchObject({
      ok: false,
      problem: { title: 'Invalid Code' },
    });
    expect(validateLoginCode('x@y.io', '1234 5678')).toEqual({
      ok: true,
      value: { email: 'x@y.io', code: '12345678' },
    });
  });

  it('keeps only the digits of a pasted code', () => {
    expect(sanitizeCodeInput('Your code: 1234-5678.')).toBe('12345678');
    expect(sanitizeCodeInput('123456789012')).toBe('12345678');
  });
});
