import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  CHART_FIELDS,
  CHART_SLOT_FIELDS,
  analysisListQuerySchema,
  analyzeFieldsSchema,
  slotSchema,
  type AnalysisListDto,
  type AnalysisResultDto,
  type AnalyzeFields,
  type ChartSlot,
  ANALYZE_STREAM_TYPE,
  UPLOAD_LIMITS,
  type AnalyzeStreamEvent,
  type IdentifiedChartDto,
  type IdentifyAnswerDto,
  type StoredAnalysisDto,
} from '../../../contracts/analysis';
import { PassThrough } from 'node:stream';
import type { EngineError } from '../../../engine/core/errors';
import { isEngineError } from '../../../engine/core/errors';
import { TIMEFRAMES, TIMEFRAME_MINUTES, type Timeframe } from '../../../engine/core/ohlc';
import type { RgbaImage } from '../../../engine/core/image';
import type { ChartData, ChartInput } from '../../../engine/plan';
import { parseChartDataCsv, type ChartDataFormat } from '../../../adapters/node/parse-ohlc-csv';
import { AppError, ENGINE_TITLES, parseWith, toProblem } from '../../http/errors';
import { currentUser } from '../auth/session-plugin';
import '../../types';
import {
  assertPixelBudget,
  dataThumbnail,
  decodeUpload,
  readDimensions,
  sniffImageType,
  thumbnail,
} from './images';
import { QueueFullError, createAnalysisPool, type AnalysisTicket } from './pool';
import { loadAnalyzeSettings, type AnalyzeSettings } from './settings';
import {
  analysedSymbols,
  deleteAnalysis,
  findAnalysis,
  findThumbnail,
  listAnalyses,
  saveAnalysis,
} from './store';
import { UploadGate } from './upload-gate';
import { warmUpPool } from './warm-up';
import { MULTIPART_LIMITS, readAnalyzeUpload, readIdentifyUpload, type AnalyzeUpload } from './uploads';

const SLOTS: readonly ChartSlot[] = ['5m', '15m', '4h'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const notFound = () =>
  new AppError(404, 'ANALYSIS_NOT_FOUND', 'This analysis does not exist or belongs to another account.', {
    title: 'Analysis Not Found',
  });

/**
 * POST /api/analyze (three screenshots + account -> stored analysis), GET /api/analyses (the
 * trader's history, ?symbol= filters it), GET and DELETE /api/analyses/:id, and its chart
 * images. Owner only throughout: another user's analysis answers 404 like a missing one.
 */
export function analyzeModule(given?: AnalyzeSettings) {
  return async function analyzeRoutes(app: FastifyInstance) {
    // Read at registration, not import, so a test can set ANALYZE_* before building its app.
    const settings = given ?? loadAnalyzeSettings();
    await app.register(multipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: true });

    const pool = createAnalysisPool({
      threads: settings.threads,
      maxQueue: settings.maxQueue,
      maxWaitMs: settings.maxWaitMs,
      pixelBudget: settings.pixelBudget,
    });
    app.addHook('onClose', () => pool.close());
    // In the background: the server listens at once, and an analysis arriving meanwhile just
    // queues behind a warm-up task as it would behind any other.
    if (settings.warmUp) void warmUpPool(pool, app.log);
    const gate = new UploadGate({ perUser: settings.perUserInFlight, total: settings.maxUploads });

    const perUser = app.createRateLimit({
      max: settings.perMinute,
      timeWindow: 60_000,
      keyGenerator: (request) => `analyze:${currentUser(request).id}`,
    });

    async function enforceRate(request: FastifyRequest) {
      const outcome = await perUser(request);
      if (!outcome.isAllowed && outcome.isExceeded) {
        throw new AppError(
          429,
          'RATE_LIMITED',
          `You have started ${settings.perMinute} analyses in the last minute. Please wait ${outcome.ttlInSeconds} seconds and try again.`,
          { title: 'Too Many Analyses', retryAfter: outcome.ttlInSeconds },
        );
      }
    }

    function serviceBusy(error: QueueFullError): AppError {
      return new AppError(
        503,
        'ANALYSIS_BUSY',
        'Many charts are being analysed right now. Please try again in a few seconds.',
        { title: 'Busy', retryAfter: error.retryAfterSeconds },
      );
    }

    /** 503 ANALYSIS_BUSY when the pool's queue is full, before any upload is read. */
    function assertPoolRoom() {
      try {
        pool.assertRoom();
      } catch (error) {
        if (error instanceof QueueFullError) throw serviceBusy(error);
        throw error;
      }
    }

    app.post('/api/analyze', { preHandler: app.requireUser }, async (request, reply) => {
      const user = currentUser(request);
      // A place at the gate first (per user and in total), held until the answer, upload
      // included: one account cannot open more than a couple of analyses, however slowly it
      // sends them.
      const place = gate.tryEnter(user.id);
      if (!place.entered) throw gateRefusal(place.reason);
      try {
        // A "busy" answer before reading anything: it does not use up the trader's per-minute
        // allowance (a client that retries after Retry-After would otherwise be locked out by
        // the rate limit for the server's own congestion), and costs no upload.
        assertPoolRoom();
        await enforceRate(request);
        return await analyze(request, reply, user.id);
      } finally {
        place.leave();
      }
    });

    const identifyRate = app.createRateLimit({
      max: settings.perMinute,
      timeWindow: 60_000,
      keyGenerator: (request) => `identify:${currentUser(request).id}`,
    });

    /**
     * POST /api/charts/identify: the symbol and timeframe of one to three dropped files, read
     * from each screenshot's title in the worker pool (a data export's from its bars), so the
     * form can put each in its slot before the analysis. The analysis's rules throughout: the
     * gate, a per-minute limit of its own of the same size, the same upload limits and checks,
     * admission by pixels. A file that cannot be used is answered in its entry, not as a 4xx:
     * the form shows it in the slot it would have gone to.
     */
    app.post('/api/charts/identify', { preHandler: app.requireUser }, async (request, reply) => {
      const user = currentUser(request);
      const place = gate.tryEnter(user.id);
      if (!place.entered) throw gateRefusal(place.reason);
      try {
        assertPoolRoom();
        const outcome = await identifyRate(request);
        if (!outcome.isAllowed && outcome.isExceeded) {
          throw new AppError(
            429,
            'RATE_LIMITED',
            `You have dropped charts ${settings.perMinute} times in the last minute. Please wait ${outcome.ttlInSeconds} seconds and try again.`,
            { title: 'Too Many Uploads', retryAfter: outcome.ttlInSeconds },
          );
        }
        const files = await readIdentifyUpload(request, reply, settings.uploadTimeoutMs);
        const answer: IdentifyAnswerDto = { charts: await identifyFiles(files) };
        return answer;
      } finally {
        place.leave();
      }
    });

    async function identifyFiles(files: Buffer[]): Promise<IdentifiedChartDto[]> {
      const charts: IdentifiedChartDto[] = [];
      const images: { index: number; bytes: Buffer; pixels: number }[] = [];
      for (const [index, bytes] of files.entries()) {
        const label = `chart ${index + 1}`;
        const checked = await checkFile(bytes, label);
        if ('problem' in checked) {
          charts[index] = { source: checked.source, timeframe: null, symbol: null, problem: checked.problem };
        } else if (checked.kind === 'data') {
          charts[index] = { source: 'data', timeframe: checked.data.timeframe, symbol: null, problem: null };
        } else {
          images.push({ index, bytes, pixels: checked.width * checked.height });
        }
      }
      if (images.length === 0) return charts;
      let ticket: AnalysisTicket;
      try {
        ticket = pool.admit(images.reduce((sum, i) => sum + i.pixels, 0));
      } catch (error) {
        if (error instanceof QueueFullError) throw serviceBusy(error);
        throw error;
      }
      try {
        const decoded: { index: number; image: RgbaImage }[] = [];
        for (const i of images) {
          try {
            decoded.push({ index: i.index, image: await decodeUpload(i.bytes, `chart ${i.index + 1}`) });
          } catch (error) {
            if (!(error instanceof AppError)) throw error;
            charts[i.index] = { source: 'image', timeframe: null, symbol: null, problem: error.message };
          }
        }
        const identified = decoded.length > 0 ? await ticket.identify(decoded.map((d) => d.image)) : [];
        identified.forEach((found, k) => {
          const index = decoded[k]!.index;
          charts[index] = found.ok
            ? { source: 'image', timeframe: found.timeframe, symbol: found.symbol, problem: null }
            : { source: 'image', timeframe: null, symbol: null, problem: found.message };
        });
      } catch (error) {
        if (error instanceof QueueFullError) throw serviceBusy(error);
        throw error;
      } finally {
        ticket.release();
      }
      return charts;
    }

    function gateRefusal(reason: 'user' | 'total'): AppError {
      if (reason === 'user') {
        return new AppError(
          429,
          'ANALYSES_IN_PROGRESS',
          `You already have ${settings.perUserInFlight} analyses in progress. Wait for them to finish, then try again.`,
          { title: 'Analyses in Progress', retryAfter: 2 },
        );
      }
      return new AppError(
        503,
        'ANALYSIS_BUSY',
        'Many charts are being uploaded right now. Please try again in a few seconds.',
        { title: 'Busy', retryAfter: 2 },
      );
    }

    async function analyze(request: FastifyRequest, reply: FastifyReply, userId: string) {
      const timing = serverTiming();
      const upload = await readAnalyzeUpload(request, reply, settings.uploadTimeoutMs);
      timing.mark('upload');
      const fields = parseWith(analyzeFieldsSchema, upload.fields);

      // Content checks on every file before any decoding (type by magic bytes, size by header;
      // a data export parsed, it is small): every slot's problem is named at once.
      const checked = await checkSlots(upload);
      const pixels = SLOTS.reduce((sum, slot) => {
        const c = checked[slot];
        return sum + (c.kind === 'image' ? c.width * c.height : 0);
      }, 0);

      // Admission to the pool now that the upload is here and its size in pixels is known: the
      // worker threads and the decoding memory are only ever held by complete uploads.
      let ticket: AnalysisTicket;
      try {
        ticket = pool.admit(pixels);
      } catch (error) {
        if (error instanceof QueueFullError) throw serviceBusy(error);
        throw error;
      }
      try {
        const progress = wantsStream(request) ? openStream(request, reply) : null;
        if (!progress) {
          return await analyzeAdmitted(reply, userId, ticket, checked, fields, timing, null);
        }
        try {
          await analyzeAdmitted(reply, userId, ticket, checked, fields, timing, progress);
        } catch (error) {
          progress.fail(error);
        }
        return reply;
      } finally {
        ticket.release();
      }
    }

    async function analyzeAdmitted(
      reply: FastifyReply,
      userId: string,
      ticket: AnalysisTicket,
      checked: Record<ChartSlot, CheckedSlot>,
      fields: AnalyzeFields,
      timing: ReturnType<typeof serverTiming>,
      progress: ProgressStream | null,
    ) {
      progress?.send({ stage: 'checking' });
      const decoded = await Promise.all(
        SLOTS.map(async (slot) => {
          const c = checked[slot];
          if (c.kind === 'data') return { slot, input: c.data, thumb: null };
          const label = CHART_FIELDS[CHART_SLOT_FIELDS[slot]].label;
          const [image, thumb] = await Promise.all([decodeUpload(c.bytes, label), thumbnail(c.bytes, label)]);
          return { slot, input: image as ChartInput, thumb };
        }),
      );
      const inputs = Object.fromEntries(decoded.map((d) => [d.slot, d.input])) as Record<
        ChartSlot,
        ChartInput
      >;
      timing.mark('decode');

      let result: AnalysisResultDto;
      try {
        // Same shape, engine types are readonly (engine/plan/contract.test.ts proves they agree).
        const run = await ticket.run(
          { images: inputs, account: fields.accountSize, riskPercent: fields.riskPercentage },
          progress
            ? (stage) =>
                progress.send(
                  stage.stage === 'reading'
                    ? { ...stage, source: checked[stage.slot].kind === 'data' ? 'data' : 'image' }
                    : stage,
                )
            : undefined,
        );
        result = run.result as AnalysisResultDto;
        timing.split('queue', 'analyze', run.workerMs);
      } catch (error) {
        if (error instanceof QueueFullError) throw serviceBusy(error);
        if (isEngineError(error)) throw chartsProblem(error);
        throw error;
      }

      progress?.send({ stage: 'storing' });
      // A data slot has no screenshot: its thumbnail is its candles drawn on the virtual plot.
      const thumbnails = Object.fromEntries(
        await Promise.all(
          decoded.map(async (d) => {
            const tf = result.timeframes.find((t) => t.timeframe === d.slot)!;
            return [d.slot, d.thumb ?? (await dataThumbnail(tf))] as const;
          }),
        ),
      ) as Record<ChartSlot, Buffer>;
      const stored = await saveAnalysis(app.db, {
        userId,
        accountSize: fields.accountSize,
        riskPercentage: fields.riskPercentage,
        result,
        thumbnails,
      });
      reply.log.info(
        { userId, analysisId: stored.id, symbol: result.symbol, trade: !!result.tradePlan },
        'analysis stored',
      );
      timing.mark('store');
      if (progress) {
        progress.done(stored);
        return reply;
      }
      return reply.code(201).header('server-timing', timing.header()).send(stored);
    }

    app.get('/api/analyses', { preHandler: app.requireUser }, async (request) => {
      const user = currentUser(request);
      const { symbol } = parseWith(analysisListQuerySchema, request.query);
      const answer: AnalysisListDto = {
        analyses: await listAnalyses(app.db, user.id, symbol || undefined),
        symbols: await analysedSymbols(app.db, user.id),
      };
      return answer;
    });

    app.get<{ Params: { id: string } }>(
      '/api/analyses/:id',
      { preHandler: app.requireUser },
      async (request) => {
        const user = currentUser(request);
        if (!UUID.test(request.params.id)) throw notFound();
        const found = await findAnalysis(app.db, user.id, request.params.id);
        if (!found) throw notFound();
        return found;
      },
    );

    app.delete<{ Params: { id: string } }>(
      '/api/analyses/:id',
      { preHandler: app.requireUser },
      async (request, reply) => {
        const user = currentUser(request);
        if (!UUID.test(request.params.id)) throw notFound();
        // The images are in the row and go with it; a journal entry made from its plan stays.
        if (!(await deleteAnalysis(app.db, user.id, request.params.id))) throw notFound();
        request.log.info({ userId: user.id, analysisId: request.params.id }, 'analysis deleted');
        return reply.code(204).send();
      },
    );

    app.get<{ Params: { id: string; slot: string } }>(
      '/api/analyses/:id/charts/:slot',
      { preHandler: app.requireUser },
      async (request, reply) => {
        const user = currentUser(request);
        const slot = slotSchema.safeParse(request.params.slot);
        if (!UUID.test(request.params.id) || !slot.success) throw notFound();
        const data = await findThumbnail(app.db, user.id, request.params.id, slot.data);
        if (!data) throw notFound();
        // Never stored by the browser: a chart of someone's trade must not outlive their
        // logout on a shared computer (the images are 20-120 KB, cheap to fetch again).
        return reply.header('cache-control', 'private, no-store').type('image/webp').send(data);
      },
    );
  };
}

export const analyzeRoutes = analyzeModule();

/**
 * Where one analysis's time went, as a Server-Timing header (upload read, decode + thumbnails,
 * waiting for a worker thread, the engine in the thread, storing): the browser's network panel
 * and bench:api show it, so a slow answer can be placed without a profiler.
 */
function serverTiming() {
  const parts: string[] = [];
  let last = performance.now();
  const add = (name: string, ms: number) => parts.push(`${name};dur=${Math.max(0, ms).toFixed(1)}`);
  return {
    mark(name: string) {
      const now = performance.now();
      add(name, now - last);
      last = now;
    },
    /** Splits the time since the last mark into `before` and the last `ms` of it, `after`. */
    split(before: string, after: string, ms: number) {
      const now = performance.now();
      add(before, now - last - ms);
      add(after, ms);
      last = now;
    },
    header: () => parts.join(', '),
  };
}

type CheckedSlot =
  | { kind: 'image'; bytes: Buffer; width: number; height: number }
  | { kind: 'data'; data: ChartData; format: ChartDataFormat };

interface SlotProblem {
  slot: ChartSlot;
  status: number;
  code: string;
  message: string;
}

/** How a file's first bytes look: a picture, text (a data export), or neither. */
function looksLikeText(bytes: Buffer): boolean {
  const head = bytes.subarray(0, 4096);
  if (head.includes(0)) return false;
  // A UTF-8 decode that had to replace bytes is not a text file.
  return !head.toString('utf8').includes('\uFFFD');
}

type FileCheck = CheckedSlot | { problem: string; status: number; code: string; source: 'image' | 'data' };

/**
 * One chart file checked before any decoding: an image by its magic bytes and header size, a
 * data export (TradingView or MetaTrader CSV, told from its content) parsed.
 */
async function checkFile(bytes: Buffer, label: string): Promise<FileCheck> {
  const mib = (n: number) => n / 1024 / 1024;
  if (sniffImageType(bytes)) {
    try {
      const dims = await readDimensions(bytes, label);
      assertPixelBudget(dims, label);
      return { kind: 'image', bytes, ...dims };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return { problem: error.message, status: error.status, code: error.code, source: 'image' };
    }
  }
  if (!looksLikeText(bytes)) {
    return {
      problem: `The ${label} is not a PNG, JPEG or WebP image or a chart data CSV. Upload a screenshot of the chart or its data export.`,
      status: 415,
      code: 'NOT_AN_IMAGE',
      source: 'image',
    };
  }
  if (bytes.length > UPLOAD_LIMITS.maxDataBytes) {
    return {
      problem: `The ${label} data file is larger than ${mib(UPLOAD_LIMITS.maxDataBytes)} MiB. Export only the bars on your chart.`,
      status: 413,
      code: 'FILE_TOO_LARGE',
      source: 'data',
    };
  }
  try {
    const parsed = parseChartDataCsv(bytes.toString('utf8'));
    return {
      kind: 'data',
      format: parsed.format,
      data: { bars: parsed.bars, timeframe: timeframeOfMinutes(parsed.intervalMinutes) },
    };
  } catch (error) {
    if (!isEngineError(error)) throw error;
    return {
      problem: `The ${label} data file: ${error.message}`,
      status: 422,
      code: 'INVALID_DATA',
      source: 'data',
    };
  }
}

/**
 * Each slot's file checked before any decoding: an image by its magic bytes and header size, a
 * data export (TradingView or MetaTrader CSV) parsed. All slots' problems are answered at once,
 * each in `errors` under its field, so the form marks every slot to fix.
 */
async function checkSlots(upload: AnalyzeUpload): Promise<Record<ChartSlot, CheckedSlot>> {
  const problems: SlotProblem[] = [];
  const checked = {} as Record<ChartSlot, CheckedSlot>;
  for (const slot of SLOTS) {
    const field = CHART_SLOT_FIELDS[slot];
    const one = await checkFile(upload.files[field], CHART_FIELDS[field].label);
    if ('problem' in one) problems.push({ slot, status: one.status, code: one.code, message: one.problem });
    else checked[slot] = one;
  }
  if (problems.length === 0) return checked;
  const first = problems[0]!;
  // The answer's status: a file of the wrong kind first, then one too large, then unreadable.
  const status = [415, 413, 422].find((st) => problems.some((p) => p.status === st)) ?? first.status;
  const code = problems.find((p) => p.status === status)!.code;
  return Promise.reject(
    new AppError(
      status,
      code,
      problems.length === 1
        ? first.message
        : `${problems.length} charts cannot be used. ${problems.map((p) => p.message).join(' ')}`,
      {
        title: problems.length === 1 ? 'Chart Cannot Be Used' : 'Charts Cannot Be Used',
        errors: problems.map((p) => ({ field: CHART_SLOT_FIELDS[p.slot], message: p.message })),
      },
    ),
  );
}

/** A bar interval in minutes as one of the product's timeframes, or null. */
function timeframeOfMinutes(minutes: number | null): Timeframe | null {
  if (minutes === null) return null;
  return TIMEFRAMES.find((tf) => TIMEFRAME_MINUTES[tf] === minutes) ?? null;
}

/**
 * An engine failure (charts that cannot be read, two pairs, impossible timeframes) as the 422
 * problem it always was, plus `errors`: one entry per slot concerned, so the form marks each.
 */
function chartsProblem(error: EngineError): AppError {
  const details = error.details as {
    slot?: ChartSlot;
    slots?: ChartSlot[];
    failures?: { slot: ChartSlot; message: string }[];
  };
  const errors = details.failures
    ? details.failures.map((f) => ({ field: CHART_SLOT_FIELDS[f.slot], message: f.message }))
    : (details.slots ?? (details.slot ? [details.slot] : [])).map((slot) => ({
        field: CHART_SLOT_FIELDS[slot],
        message: error.message,
      }));
  return new AppError(422, error.code, error.message, {
    title: details.failures && details.failures.length > 1 ? 'Charts Unreadable' : ENGINE_TITLES[error.code],
    ...(errors.length > 0 ? { errors } : {}),
    extensions: Object.keys(error.details).length > 0 ? { details: error.details } : {},
  });
}

const wantsStream = (request: FastifyRequest) => (request.headers.accept ?? '').includes(ANALYZE_STREAM_TYPE);

interface ProgressStream {
  send(event: AnalyzeStreamEvent): void;
  done(stored: StoredAnalysisDto): void;
  fail(error: unknown): void;
}

/**
 * The answer as a stream of progress lines (application/x-ndjson): 200 once the upload is
 * checked and admitted, each stage as the server starts it, then `{done}` or `{problem}`.
 * Failures before this point keep their own status codes (413, 415, 422, 429, 503).
 */
function openStream(request: FastifyRequest, reply: FastifyReply): ProgressStream {
  const stream = new PassThrough();
  let ended = false;
  const write = (event: AnalyzeStreamEvent) => {
    if (!ended) stream.write(`${JSON.stringify(event)}\n`);
  };
  void reply
    .code(200)
    .header('content-type', `${ANALYZE_STREAM_TYPE}; charset=utf-8`)
    .header('cache-control', 'no-store')
    // Proxies must pass each line on as it is written, not when the answer ends.
    .header('x-accel-buffering', 'no')
    .send(stream);
  return {
    send: write,
    done(stored) {
      write({ done: stored });
      ended = true;
      stream.end();
    },
    fail(error) {
      const { problem } = toProblem(error);
      if (problem.status >= 500) request.log.error({ err: error }, 'analysis failed');
      else request.log.info({ code: problem.code }, 'analysis refused');
      write({ problem });
      ended = true;
      stream.end();
    },
  };
}
