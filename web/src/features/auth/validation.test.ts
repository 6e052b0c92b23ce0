import fc from 'fast-check';
import {
  loginBodySchema,
  registerBodySchema,
  validationTitleFor,
  verifyBodySchema,
} from '../../../../contracts/auth';
import { validateLoginCode, validateLoginEmail, validateRegistration } from './validation';

describe('registration validation (SPEC 5)', () => {
  it('reports missing information when any field is blank, before the email pattern', () => {
    expect(
      validateRegistration({ name: '   ', email: 'not-an-email', tradingExperience: 'learner' }),
    ).toEqual({
      ok: false,
      problem: { title: 'Missing Information', message: 'Please fill in all required fields.' },
    });
    expect(
      validateRegistration({ name: 'Ann', email: 'a@b.co', tradingExperience: undefined }),
    ).toMatchObject({ problem: { title: 'Missing Information' } });
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

  it('trims the name, lower-cases the email and accepts a valid registration', () => {
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
    expect(validateLoginEmail('X@y.io')).toEqual({ ok: true, value: { email: 'x@y.io' } });
  });

  it('requires an 8-digit code, ignoring spaces', () => {
    expect(validateLoginCode('x@y.io', '1234567')).toMatchObject({
      ok: false,
      problem: { title: 'Invalid Code' },
    });
    expect(validateLoginCode('x@y.io', '1234 5678')).toEqual({
      ok: true,
      value: { email: 'x@y.io', code: '12345678' },
    });
  });
});

// The hand-written rules must say exactly what the server's zod schemas say, so a user never
// passes the form and then fails on the server with a different message (or the reverse).
describe('agreement with the shared contract schemas', () => {
  const messagePriority = (messages: string[], first: string[]) =>
    first.find((m) => messages.includes(m)) ?? messages[0];

  const text = fc.oneof(
    fc.constantFrom('', ' ', 'Ann', '  Ann  ', 'a@b.co', 'A@B.CO ', 'a@b', 'a b@c.de', '@x.io'),
    fc.string({ maxLength: 12 }),
    fc.string({ minLength: 95, maxLength: 110 }),
    fc
      .tuple(fc.string({ minLength: 1, maxLength: 250 }), fc.constantFrom('@ex.com', '@x', ''))
      .map(([local, domain]) => local.replace(/[\s@]/g, 'a') + domain),
  );
  const experience = fc.constantFrom(undefined, 'learner', 'intermediate', 'expert', 'guru', '');

  it('registration', () => {
    fc.assert(
      fc.property(text, text, experience, (name, email, tradingExperience) => {
        const mine = validateRegistration({ name, email, tradingExperience });
        const theirs = registerBodySchema.safeParse({ name, email, tradingExperience });
        expect(mine.ok).toBe(theirs.success);
        if (!mine.ok && !theirs.success) {
          const message = messagePriority(
            theirs.error.issues.map((i) => i.message),
            ['Please fill in all required fields.', 'Please enter a valid email address.'],
          );
          expect(mine.problem.message).toBe(message);
          expect(mine.problem.title).toBe(validationTitleFor(message ?? ''));
        }
        if (mine.ok && theirs.success) expect(mine.value).toEqual(theirs.data);
      }),
      { numRuns: 500 },
    );
  });

  it('login email and code', () => {
    const code = fc.oneof(fc.string({ maxLength: 10 }), fc.stringMatching(/^[0-9 ]{8,10}$/));
    fc.assert(
      fc.property(text, code, (email, rawCode) => {
        const mine = validateLoginEmail(email);
        const theirs = loginBodySchema.safeParse({ email });
        expect(mine.ok).toBe(theirs.success);
        if (!mine.ok && !theirs.success) {
          expect(mine.problem.message).toBe(
            messagePriority(
              theirs.error.issues.map((i) => i.message),
              ['Please enter your email address.', 'Please enter a valid email address.'],
            ),
          );
        }
        const mineCode = validateLoginCode(email, rawCode);
        const theirsCode = verifyBodySchema.safeParse({ email, code: rawCode });
        expect(mineCode.ok).toBe(theirsCode.success);
        if (mineCode.ok && theirsCode.success) expect(mineCode.value).toEqual(theirsCode.data);
      }),
      { numRuns: 500 },
    );
  });
});
