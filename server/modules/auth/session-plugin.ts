import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { User } from '../../../contracts/auth';
import { AppError } from '../../http/errors';
import '../../types';
import { SESSION_COOKIE, SESSION_TTL_MS, findSessionUser } from './sessions';
import { toUser } from './users';

export const notSignedIn = () =>
  new AppError(401, 'UNAUTHENTICATED', 'Please sign in to continue.', { title: 'Not Signed In' });

/** The signed-in user of a route guarded by `app.requireUser` (throws 401 otherwise). */
export function currentUser(request: FastifyRequest): User {
  if (!request.user) throw notSignedIn();
  return request.user;
}

export function setSessionCookie(app: FastifyInstance, reply: FastifyReply, token: string) {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: app.config.secureCookies,
    maxAge: SESSION_TTL_MS / 1000,
  });
}

export function clearSessionCookie(app: FastifyInstance, reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: app.config.secureCookies,
  });
}

/** Decorates `app.requireUser` and `request.user` for every route module. */
export const sessionPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('user', null);
    app.decorate('requireUser', async (request: FastifyRequest, reply: FastifyReply) => {
      const token = request.cookies[SESSION_COOKIE];
      const found = token ? await findSessionUser(app.db, token, app.now()) : undefined;
      if (!found) {
        // A stale cookie would make every later request pay for a lookup; drop it.
        if (token) clearSessionCookie(app, reply);
        throw notSignedIn();
      }
      request.user = toUser(found.user);
    });
  },
  { name: 'session', dependencies: ['@fastify/cookie'] },
);
