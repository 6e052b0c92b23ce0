import type { FastifyRequest } from 'fastify';
import { JOURNAL_STATEMENT_MAX_BYTES } from '../../../../contracts/journal';
import { AppError } from '../../../http/errors';

/** One statement file and two short fields (utcOffsetHours, accountSize); nothing else. */
export const STATEMENT_MULTIPART_LIMITS = {
  fileSize: JOURNAL_STATEMENT_MAX_BYTES,
  files: 1,
  fields: 2,
  fieldSize: 32,
  fieldNameSize: 32,
  parts: 3,
  headerPairs: 20,
} as const;

const FIELDS = ['utcOffsetHours', 'accountSize'] as const;
const SEND_FILE =
  'Send the statement as a file upload (multipart/form-data) in the field "file", optionally with utcOffsetHours and accountSize.';

export interface StatementUpload {
  file: Buffer;
  fields: Record<string, string>;
}

/** Reads the whole multipart body (so the browser never sees a reset connection), then judges it. */
export async function readStatementUpload(request: FastifyRequest): Promise<StatementUpload> {
  const fields: Record<string, string> = {};
  let file: Buffer | undefined;
  let problem: AppError | undefined;
  try {
    for await (const part of request.parts({ limits: STATEMENT_MULTIPART_LIMITS })) {
      if (part.type === 'file') {
        const buffer = await part.toBuffer();
        if (part.fieldname !== 'file')
          problem ??= new AppError(
            400,
            'UNEXPECTED_FIELD',
            `Unexpected file "${part.fieldname}". ${SEND_FILE}`,
          );
        else file = buffer;
      } else if (!(FIELDS as readonly string[]).includes(part.fieldname)) {
        problem ??= new AppError(
          400,
          'UNEXPECTED_FIELD',
          `Unexpected form field "${part.fieldname}". ${SEND_FILE}`,
        );
      } else if (part.valueTruncated) {
        problem ??= new AppError(400, 'FIELD_TOO_LONG', `The ${part.fieldname} value is too long.`);
      } else {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(
        413,
        'FILE_TOO_LARGE',
        `The statement is larger than ${JOURNAL_STATEMENT_MAX_BYTES / 1024 / 1024} MiB. Export a shorter period and import it in parts.`,
        { title: 'File Too Large' },
      );
    }
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new AppError(400, 'WRONG_UPLOADS', `Send one statement at a time. ${SEND_FILE}`);
    }
    if (error instanceof AppError) throw error;
    // Anything else thrown while reading the parts is the body itself (a boundary that does not
    // match, a truncated or garbled form): the client sent it, so 400, never a 500.
    throw new AppError(
      400,
      'MALFORMED_UPLOAD',
      `The upload is incomplete or not a valid file upload. ${SEND_FILE}`,
      { title: 'Incomplete Upload' },
    );
  }
  if (problem) throw problem;
  if (!file) throw new AppError(400, 'FILE_REQUIRED', SEND_FILE);
  return { file, fields };
}
