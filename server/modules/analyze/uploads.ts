import type { FastifyReply, FastifyRequest } from 'fastify';
import { CHART_FIELDS, UPLOAD_LIMITS } from '../../../contracts/analysis';
import { AppError } from '../../http/errors';

export type ChartField = keyof typeof CHART_FIELDS;
const CHART_FIELD_NAMES = Object.keys(CHART_FIELDS) as ChartField[];
const TEXT_FIELDS = ['accountSize', 'riskPercentage'] as const;

/**
 * Every @fastify/multipart (busboy) limit, explicitly: three files of 10 MiB, two short numeric
 * fields, and nothing else. A form with more parts than this is not our web app's.
 */
export const MULTIPART_LIMITS = {
  fileSize: UPLOAD_LIMITS.maxFileBytes,
  files: 3,
  fields: 2,
  fieldSize: 64,
  fieldNameSize: 32,
  parts: 5,
  headerPairs: 20,
} as const;

export interface AnalyzeUpload {
  fields: Record<string, string>;
  files: Record<ChartField, Buffer>;
}

const wrongParts = (detail: string) => new AppError(422, 'WRONG_UPLOADS', detail, { title: 'Wrong Uploads' });

const EXACTLY_THREE =
  'Upload exactly three chart screenshots: chart5m, chart15m and chart4h (5-minute, 15-minute and 4-hour).';

/**
 * Reads the whole multipart body within the limits (the body is consumed before any answer so
 * a browser never sees a reset connection). Size problems answer 413, wrong parts 422, a body
 * not sent within `timeoutMs` 408: the answer then closes the connection, which ends the read.
 */
export async function readAnalyzeUpload(
  request: FastifyRequest,
  reply: FastifyReply,
  timeoutMs: number,
): Promise<AnalyzeUpload> {
  if (!request.isMultipart()) {
    throw new AppError(
      415,
      'NOT_MULTIPART',
      'Send the charts as a file upload (multipart/form-data) with chart5m, chart15m and chart4h.',
    );
  }
  const reading = readParts(request);
  return withinDeadline(request, reply, reading, timeoutMs);
}

async function readParts(request: FastifyRequest): Promise<AnalyzeUpload> {
  const fields: Record<string, string> = {};
  const files: Partial<Record<ChartField, Buffer>> = {};
  let problem: AppError | undefined;
  try {
    for await (const part of request.parts({ limits: MULTIPART_LIMITS })) {
      if (part.type === 'file') {
        const name = part.fieldname as ChartField;
        const buffer = await part.toBuffer();
        if (!CHART_FIELD_NAMES.includes(name)) {
          problem ??= wrongParts(`Unexpected file "${part.fieldname}". ${EXACTLY_THREE}`);
        } else if (files[name]) {
          problem ??= wrongParts(`The ${CHART_FIELDS[name].label} was sent twice. ${EXACTLY_THREE}`);
        } else {
          files[name] = buffer;
        }
      } else {
        if (!(TEXT_FIELDS as readonly string[]).includes(part.fieldname)) {
          problem ??= new AppError(400, 'UNEXPECTED_FIELD', `Unexpected form field "${part.fieldname}".`);
        } else if (part.valueTruncated) {
          problem ??= new AppError(400, 'FIELD_TOO_LONG', `The ${part.fieldname} value is too long.`);
        } else {
          fields[part.fieldname] = String(part.value);
        }
      }
    }
  } catch (error) {
    throw translateMultipartError(error);
  }
  if (problem) throw problem;
  for (const name of CHART_FIELD_NAMES) {
    if (!files[name] || files[name].length === 0) {
      throw wrongParts(`${CHART_FIELDS[name].required}. ${EXACTLY_THREE}`);
    }
  }
  return { fields, files: files as Record<ChartField, Buffer> };
}

function translateMultipartError(error: unknown): unknown {
  const code = (error as { code?: string }).code;
  const mib = UPLOAD_LIMITS.maxFileBytes / 1024 / 1024;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE': {
      const field = (error as { part?: { fieldname?: string } }).part?.fieldname;
      const label = field && field in CHART_FIELDS ? CHART_FIELDS[field as ChartField].label : 'A chart';
      return new AppError(
        413,
        'FILE_TOO_LARGE',
        `${label === 'A chart' ? label : `The ${label}`} is larger than ${mib} MiB. Upload a PNG, JPEG or WebP screenshot under ${mib} MiB.`,
        { title: 'File Too Large' },
      );
    }
    // Two fields and three files make five parts: one more is almost always an extra file.
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
      return wrongParts(`Too many files. ${EXACTLY_THREE}`);
    case 'FST_FIELDS_LIMIT':
      return new AppError(
        400,
        'UNEXPECTED_FIELD',
        'The form has too many fields: send only accountSize and riskPercentage with the three charts.',
      );
    default:
      // Anything else thrown while reading the parts is the body itself: no boundary in the
      // Content-Type, a truncated or garbled form (busboy's "Unexpected end of form", "Boundary
      // not found" ...). The client sent it, so 400, not a 500 that looks like our bug.
      if (error instanceof AppError) return error;
      return new AppError(
        400,
        'MALFORMED_UPLOAD',
        'The upload is incomplete or not a valid file upload. Choose the three charts and send them again.',
        { title: 'Incomplete Upload' },
      );
  }
}

/** POST /api/charts/identify: one to three files under the field name "charts", nothing else. */
export const IDENTIFY_LIMITS = {
  fileSize: UPLOAD_LIMITS.maxFileBytes,
  files: 3,
  fields: 0,
  fieldNameSize: 32,
  parts: 3,
  headerPairs: 20,
} as const;

const ONE_TO_THREE = 'Send one to three chart files under the field name "charts".';

/**
 * The files to identify, within IDENTIFY_LIMITS and `timeoutMs` (the analysis upload's rules:
 * 413 too large, 422 wrong parts, 408 too slow).
 */
export async function readIdentifyUpload(
  request: FastifyRequest,
  reply: FastifyReply,
  timeoutMs: number,
): Promise<Buffer[]> {
  if (!request.isMultipart()) {
    throw new AppError(
      415,
      'NOT_MULTIPART',
      `Send the charts as a file upload (multipart/form-data). ${ONE_TO_THREE}`,
    );
  }
  const reading = (async () => {
    const files: Buffer[] = [];
    let problem: AppError | undefined;
    try {
      for await (const part of request.parts({ limits: IDENTIFY_LIMITS })) {
        if (part.type !== 'file') {
          problem ??= new AppError(400, 'UNEXPECTED_FIELD', `Unexpected form field "${part.fieldname}".`);
          continue;
        }
        const buffer = await part.toBuffer();
        if (part.fieldname !== 'charts')
          problem ??= wrongParts(`Unexpected file "${part.fieldname}". ${ONE_TO_THREE}`);
        else files.push(buffer);
      }
    } catch (error) {
      const translated = translateMultipartError(error);
      if (translated instanceof AppError && translated.code === 'WRONG_UPLOADS') {
        throw wrongParts(`Too many files. ${ONE_TO_THREE}`);
      }
      throw translated;
    }
    if (problem) throw problem;
    if (files.length === 0 || files.some((f) => f.length === 0))
      throw wrongParts(`A file is missing or empty. ${ONE_TO_THREE}`);
    return files;
  })();
  return withinDeadline(request, reply, reading, timeoutMs);
}

/**
 * How long a connection stays up after its 408 is sent before it is destroyed. Node half-closes
 * it at once (Connection: close); destroyed at once too, the upload bytes still arriving unread
 * make the kernel reset it, and a client under load could lose the 408 it had been sent.
 */
const CLOSE_LINGER_MS = 1000;

/**
 * The upload's read, or 408 UPLOAD_TIMEOUT when it has not arrived within `timeoutMs`. The rest
 * of a late body is never read: the connection closes shortly after the 408 is sent, and the
 * abandoned read ends quietly when it does.
 */
async function withinDeadline<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  reading: Promise<T>,
  timeoutMs: number,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reading.catch(() => {});
      reply.header('connection', 'close');
      reply.raw.once('finish', () => setTimeout(() => request.raw.destroy(), CLOSE_LINGER_MS).unref());
      reject(
        new AppError(
          408,
          'UPLOAD_TIMEOUT',
          `The upload did not arrive within ${Math.round(timeoutMs / 1000)} seconds. Check your connection and try again.`,
          { title: 'Upload Too Slow' },
        ),
      );
    }, timeoutMs);
  });
  try {
    return await Promise.race([reading, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}
