import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  AUTH_ERROR_TEXT,
  LOGIN_CODE_MAX_ATTEMPTS,
  LOGIN_CODE_TTL_MINUTES,
  loginBodySchema,
  registerBodySchema,
  verifyBodySchema,
  type LoginResponse,
  type User,
  type UserEnvelope,
} from '../../../contracts/auth';
import { clientKey } from '../../http/client-key';
import { AppError, parseWith } from '../../http/errors';
import { emailHash } from '../../logger';
import '../../types';
import { issueLoginCode, verifyLoginCode, type VerifyOutcome } from './login-codes';
import { clearSessionCookie, currentUser, setSessionCookie } from './session-plugin';
import { SESSION_COOKIE, createSession, deleteSession } from './sessions';
import { createUser, findUserByEmail, toUser } from './users';
import { verifyEmail } from './verification';

/** Limits of the account routes; tests and deployments may tighten or loosen them. */
export interface AuthRateLimits {
  /** Login codes sent to one email address at the request of one client per window. */
  codesPerEmailAndClient: number;
  /**
   * Login codes sent to one email address per window, whoever asks. Larger than the per
   * client limit so that a stranger alone cannot lock the owner out (issue 19); reaching it
   * takes several clients, and their requests only fill the owner's inbox with live codes.
   */
  codesPerEmail: number;
  /** Login codes requested from one client per window (also covers probing for accounts). */
  codesPerIp: number;
  /** Code checks from one client per window (each code also dies after 5 tries). */
  verifiesPerIp: number;
  /** Registrations from one client per window. */
  registrationsPerIp: number;
  windowMs: number;
}

export const DEFAULT_AUTH_RATE_LIMITS: AuthRateLimits = {
  codesPerEmailAndClient: 5,
  codesPerEmail: 10,
  codesPerIp: 20,
  verifiesPerIp: 30,
  registrationsPerIp: 50,
  windowMs: 15 * 60 * 1000,
};

const emailTaken = () =>
  new AppError(409, 'EMAIL_TAKEN', `${AUTH_ERROR_TEXT.emailAlreadyRegistered}. Please log in instead.`, {
    title: 'Already Registered',
  });

const noAccount = () =>
  new AppError(
    404,
    'ACCOUNT_NOT_FOUND',
    `${AUTH_ERROR_TEXT.noAccountFound} with this email. Please register first.`,
    { title: 'Account Not Found' },
  );

function codeRefused(outcome: Exclude<VerifyOutcome, { ok: true }>): AppError {
  switch (outcome.reason) {
    case 'wrong':
      return new AppError(
        400,
        'INVALID_CODE',
        `That code is not correct. You have ${outcome.attemptsLeft} ${outcome.attemptsLeft === 1 ? 'try' : 'tries'} left.`,
        { title: 'Incorrect Code', extensions: { attemptsLeft: outcome.attemptsLeft } },
      );
    case 'burned':
      return new AppError(
        400,
        'CODE_BURNED',
        `This code was entered wrongly ${LOGIN_CODE_MAX_ATTEMPTS} times and no longer works. Please request a new code.`,
        { title: 'Code Locked' },
      );
    case 'expired':
      return new AppError(
        400,
        'CODE_EXPIRED',
        `This code has expired (codes are valid for ${LOGIN_CODE_TTL_MINUTES} minutes). Please request a new code.`,
        { title: 'Code Expired' },
      );
    case 'used':
      return new AppError(400, 'CODE_USED', 'This code has already been used. Please request a new code.', {
        title: 'Code Already Used',
      });
    case 'none':
      return new AppError(
        400,
        'NO_CODE',
        'No sign-in code was requested for this email. Please request a code first.',
        { title: 'No Code Requested' },
      );
  }
}

export function authRoutes(limits: AuthRateLimits = DEFAULT_AUTH_RATE_LIMITS) {
  return async function registerAuthRoutes(app: FastifyInstance) {
    const timeWindow = limits.windowMs;
    // Every limiter names itself in its key: with REDIS_URL they all share one Redis store,
    // where @fastify/rate-limit would otherwise give them one counter between them.
    const emailOf = (request: FastifyRequest) => (request as RequestWithEmail).normalisedEmail ?? '';
    const limiters = {
      register: app.createRateLimit({
        max: limits.registrationsPerIp,
        timeWindow,
        keyGenerator: (request) => `register:${clientKey(request)}`,
      }),
      codesPerIp: app.createRateLimit({
        max: limits.codesPerIp,
        timeWindow,
        keyGenerator: (request) => `codes-ip:${clientKey(request)}`,
      }),
      // These two run after the body is parsed and normalised (see the login route).
      codesPerEmailAndClient: app.createRateLimit({
        max: limits.codesPerEmailAndClient,
        timeWindow,
        keyGenerator: (request) => `codes-email-ip:${emailOf(request)}:${clientKey(request)}`,
      }),
      codesPerEmail: app.createRateLimit({
        max: limits.codesPerEmail,
        timeWindow,
        keyGenerator: (request) => `codes-email:${emailOf(request)}`,
      }),
      verifiesPerIp: app.createRateLimit({
        max: limits.verifiesPerIp,
        timeWindow,
        keyGenerator: (request) => `verify-ip:${clientKey(request)}`,
      }),
    };

    async function enforce(limiter: keyof typeof limiters, request: FastifyRequest) {
      const result = await limiters[limiter](request);
      if (!result.isAllowed && result.isExceeded) {
        const minutes = Math.max(1, Math.ceil(result.ttlInSeconds / 60));
        throw new AppError(
          429,
          'RATE_LIMITED',
          `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
          { title: 'Too Many Attempts', retryAfter: result.ttlInSeconds },
        );
      }
    }

    async function signIn(request: FastifyRequest, reply: FastifyReply, userId: string) {
      const { token } = await createSession(app.db, userId, app.now());
      setSessionCookie(app, reply, token);
      request.log.info({ userId }, 'signed in');
    }

    app.post('/api/register', async (request, reply) => {
      await enforce('register', request);
      const body = parseWith(registerBodySchema, request.body);
      if (await findUserByEmail(app.db, body.email)) throw emailTaken();
      const row = await createUser(app.db, body);
      if (!row) throw emailTaken();
      request.log.info({ userId: row.id, emailHash: emailHash(body.email) }, 'registered');
      await signIn(request, reply, row.id);
      const response: UserEnvelope = { user: toUser(row) };
      return reply.code(201).send(response);
    });

    app.post('/api/login', async (request, reply) => {
      await enforce('codesPerIp', request);
      const { email } = parseWith(loginBodySchema, request.body);
      (request as RequestWithEmail).normalisedEmail = email;
      // Per client first: a stranger who hits their own limit does not use up the ceiling.
      await enforce('codesPerEmailAndClient', request);
      await enforce('codesPerEmail', request);
      const user = await findUserByEmail(app.db, email);
      if (!user) throw noAccount();
      const code = await issueLoginCode(app.db, user.id, app.now());
      try {
        await app.mailer.sendLoginCode(email, code);
      } catch (err) {
        request.log.error({ err, userId: user.id }, 'sending the login code failed');
        throw new AppError(
          503,
          'MAIL_FAILED',
          'We could not send the email right now. Please try again in a few minutes.',
          { retryAfter: 60 },
        );
      }
      request.log.info({ userId: user.id }, 'login code sent');
      const response: LoginResponse = { status: 'code_sent', email };
      return reply.code(202).send(response);
    });

    app.post('/api/login/verify', async (request, reply) => {
      await enforce('verifiesPerIp', request);
      const { email, code } = parseWith(verifyBodySchema, request.body);
      const user = await findUserByEmail(app.db, email);
      if (!user) throw noAccount();
      const outcome = await verifyLoginCode(app.db, user.id, code, app.now());
      if (!outcome.ok) {
        request.log.info({ userId: user.id, reason: outcome.reason }, 'login code refused');
        throw codeRefused(outcome);
      }
      let signedInUser = user;
      if (!user.emailVerifiedAt) {
        const verification = await verifyEmail(app.db, user.id, { now: app.now() });
        signedInUser = verification.user;
        if (verification.firstProof) {
          request.log.info({ userId: user.id }, 'email verified; every earlier session ended');
        }
      }
      await signIn(request, reply, user.id);
      const response: UserEnvelope = { user: toUser(signedInUser) };
      return reply.code(200).send(response);
    });

    app.get('/api/auth/user', { preHandler: app.requireUser }, async (request) => {
      const user: User = currentUser(request);
      return user;
    });

    app.post('/api/auth/logout', async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      if (token) await deleteSession(app.db, token);
      clearSessionCookie(app, reply);
      return reply.code(204).send();
    });
  };
}

interface RequestWithEmail extends FastifyRequest {
  normalisedEmail?: string;
}
