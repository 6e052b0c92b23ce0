import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors';

/**
 * Checks every request's parsed input once, before any route sees it (issue 19.5): a NUL
 * character (U+0000) anywhere in a JSON body, a text body (the CSV import), the query string or
 * a path parameter is refused with 400. PostgreSQL cannot store it in text, so without this a
 * name, email, symbol, note or CSV cell holding one reached the database and came back as a 500.
 * No trader types it; it only arrives from a broken file or a probe. Multipart fields (analyze)
 * are numbers, checked by their schema.
 */
export function registerInputGuards(app: FastifyInstance) {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    const where =
      findNul(request.body, 'body') ?? findNul(request.query, 'query') ?? findNul(request.params, 'path');
    if (where !== undefined) {
      throw new AppError(
        400,
        'NUL_CHARACTER',
        `${describe(where)} contains a NUL character (code 0), which cannot be stored. Remove it (re-save the file as plain UTF-8 text if it came from one) and try again.`,
        { title: 'Invalid Characters', errors: [{ field: where, message: 'Contains a NUL character' }] },
      );
    }
  });
}

/** Deep enough for any body this API accepts; deeper input is not ours and is left to the schema. */
const MAX_DEPTH = 8;

/** The dotted path of the first string (or key) holding U+0000, or undefined. */
function findNul(value: unknown, path: string, depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (depth >= MAX_DEPTH || value === null || typeof value !== 'object') return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findNul(value[i], `${path}.${i}`, depth + 1);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return `${path}.(a field name)`;
    const found = findNul(item, `${path}.${key}`, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** 'body.notes' -> 'The notes field'; 'body' -> 'The request body'. */
function describe(where: string): string {
  const [part, ...rest] = where.split('.');
  if (rest.length === 0) return part === 'body' ? 'The uploaded text' : `The request ${part}`;
  return `The ${rest.join('.')} field`;
}
