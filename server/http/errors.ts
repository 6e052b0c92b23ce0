import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError, type ZodType, type z } from 'zod';
import { validationTitleFor } from '../../contracts/auth';
import { PROBLEM_CONTENT_TYPE, type Problem, type ProblemFieldError } from '../../contracts/problem';
import { isWebRoute } from '../../contracts/web-routes';
import { isEngineError, type EngineErrorCode } from '../../engine/core/errors';
import { isDatabaseUnavailable } from '../db/errors';

/**
 * The server's one error model. Route code throws `AppError` (or lets an `EngineError`
 * escape); the error handler below turns every error into problem+json (RFC 9457).
 * An AppError's message is written for the trader and shown whatever its status (a 503
 * "busy, try again in a few seconds" must reach them as written); any other error is a 500
 * whose detail is never shown, except a database that cannot answer, which is a 503.
 */
export class AppError extends Error {
  override readonly name = 'AppError';
  constructor(
    readonly status: number,
    /** Stable machine code, SCREAMING_SNAKE (EMAIL_TAKEN, RATE_LIMITED ...). */
    readonly code: string,
    /** Sentence shown to the trader (problem `detail`). */
    message: string,
    readonly options: {
      title?: string;
      errors?: ProblemFieldError[];
      /** Seconds, sent as Retry-After (429 and 503). */
      retryAfter?: number;
      /** Extra problem members that are safe to show. */
      extensions?: Record<string, unknown>;
    } = {},
  ) {
    super(message);
  }
}

export const INTERNAL_ERROR_DETAIL = 'Something went wrong on our side. Please try again.';

export const DATABASE_UNAVAILABLE_DETAIL =
  'Your data cannot be reached right now. Nothing was changed; please try again in a few seconds.';

/** A restarting database is back within seconds; a client should not hammer it sooner. */
const DATABASE_RETRY_AFTER_S = 5;

const STATUS_TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Not Signed In',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Upload Too Large',
  415: 'Unsupported Content Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Server Error',
  502: 'Server Error',
  503: 'Service Unavailable',
};

const titleFor = (status: number) =>
  STATUS_TITLES[status] ?? (status >= 500 ? 'Server Error' : 'Request Error');

/** `EMAIL_TAKEN` -> `urn:chart-to-plan:problem:email-taken`. */
export const problemType = (code: string) =>
  `urn:chart-to-plan:problem:${code.toLowerCase().replace(/_/g, '-')}`;

/** Parses a request part with a contract schema, answering 400 with the schema's messages. */
export function parseWith<S extends ZodType>(schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data ?? {});
  if (!result.success) throw validationError(result.error);
  return result.data;
}

export function validationError(error: ZodError): AppError {
  const errors = error.issues.map((issue) => ({
    field: issue.path.map(String).join('.'),
    message: issue.message,
  }));
  const first = errors[0]?.message ?? 'The request is not valid.';
  return new AppError(400, 'VALIDATION_FAILED', first, {
    title: validationTitleFor(first) ?? 'Invalid Request',
    errors,
  });
}

/** Engine failures are the trader's input (a chart we cannot read), never our bug: 422. */
export const ENGINE_TITLES: Record<EngineErrorCode, string> = {
  INVALID_IMAGE: 'Unreadable Image',
  NO_CHART_FOUND: 'No Chart Found',
  AXIS_UNREADABLE: 'Price Axis Unreadable',
  TOO_FEW_CANDLES: 'Too Few Candles',
  SYMBOL_MISMATCH: 'Different Pairs',
  TIMEFRAME_MISMATCH: 'Wrong Timeframe',
  INVALID_INPUT: 'Invalid Input',
};

/** Friendly words for the framework's own 4xx errors (bad JSON, wrong content type ...). */
const FASTIFY_DETAILS: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE:
    'This content type is not accepted. Send JSON (application/json) or a file upload.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body length does not match its header.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty. Please send the form again.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request is too large.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
};

export function toProblem(error: unknown): { problem: Problem; retryAfter?: number } {
  if (error instanceof AppError) {
    const status = error.status;
    const problem: Problem = {
      type: problemType(error.code),
      title: error.options.title ?? titleFor(status),
      status,
      detail: error.message,
      code: error.code,
      ...(error.options.errors ? { errors: error.options.errors } : {}),
      ...error.options.extensions,
    };
    return { problem, retryAfter: error.options.retryAfter };
  }
  if (isEngineError(error)) {
    return {
      problem: {
        type: problemType(error.code),
        title: ENGINE_TITLES[error.code],
        status: 422,
        detail: error.message,
        code: error.code,
        ...(Object.keys(error.details).length > 0 ? { details: error.details } : {}),
      } as Problem,
    };
  }
  if (error instanceof ZodError) return toProblem(validationError(error));
  if (isDatabaseUnavailable(error)) {
    return toProblem(
      new AppError(503, 'DATABASE_UNAVAILABLE', DATABASE_UNAVAILABLE_DETAIL, {
        title: 'Service Unavailable',
        retryAfter: DATABASE_RETRY_AFTER_S,
      }),
    );
  }
  const fastifyError = error as Partial<FastifyError>;
  const status = fastifyError.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const code = fastifyError.code ?? 'BAD_REQUEST';
    const detail =
      FASTIFY_DETAILS[code] ??
      (code.startsWith('FST_') ? 'The request could not be understood.' : undefined) ??
      fastifyError.message ??
      'The request could not be understood.';
    return {
      problem: {
        type: problemType(code.replace(/^FST_ERR_/, '')),
        title: titleFor(status),
        status,
        detail,
        code: code.replace(/^FST_ERR_/, ''),
      },
    };
  }
  return {
    problem: {
      type: problemType('INTERNAL_ERROR'),
      title: titleFor(500),
      status: 500,
      detail: INTERNAL_ERROR_DETAIL,
      code: 'INTERNAL_ERROR',
    },
  };
}

export function sendProblem(reply: FastifyReply, problem: Problem, retryAfter?: number) {
  if (retryAfter !== undefined) reply.header('retry-after', String(Math.max(1, retryAfter)));
  return reply.code(problem.status).type(PROBLEM_CONTENT_TYPE).send(problem);
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const { problem, retryAfter } = toProblem(error);
    if (problem.status >= 500) {
      request.log.error({ err: error }, 'request failed');
    } else {
      request.log.info({ problemCode: problem.code, status: problem.status }, 'request refused');
    }
    return sendProblem(reply, problem, retryAfter);
  });
}

/**
 * Unknown /api routes (and any non-GET) answer problem+json 404. With the web build present
 * (`spa`), every other GET answers index.html so the React router renders the page: status 200
 * for the pages it knows (contracts/web-routes.ts), 404 for the rest, where it shows its own
 * "Page Not Found" (a status browsers, crawlers and link checkers understand).
 */
export function registerNotFound(app: FastifyInstance, options: { spa: boolean }) {
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isApi = path === '/api' || path.startsWith('/api/');
    if (options.spa && !isApi && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply
        .code(isWebRoute(path) ? 200 : 404)
        .header('cache-control', 'no-cache')
        .type('text/html')
        .sendFile('index.html');
    }
    return sendProblem(reply, {
      type: problemType('NOT_FOUND'),
      title: 'Not Found',
      status: 404,
      detail: `There is no ${request.method} ${path} here.`,
      code: 'NOT_FOUND',
    });
  });
}
