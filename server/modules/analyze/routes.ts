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
} from '../../../contracts/analysis';
import type { RgbaImage } from '../../../engine/core/image';
import { AppError, parseWith } from '../../http/errors';
import { currentUser } from '../auth/session-plugin';
import '../../types';
import { assertPixelBudget, decodeUpload, readDimensions, sniffImageType, thumbnail } from './images';
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
import { MULTIPART_LIMITS, readAnalyzeUpload, type AnalyzeUpload } from './uploads';

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
        try {
          pool.assertRoom();
        } catch (error) {
          if (error instanceof QueueFullError) throw serviceBusy(error);
          throw error;
        }
        await enforceRate(request);
        return await analyze(request, reply, user.id);
      } finally {
        place.leave();
      }
    });

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

      // Content checks on every file before any decoding: type by magic bytes, size by header.
      let pixels = 0;
      for (const slot of SLOTS) {
        const field = CHART_SLOT_FIELDS[slot];
        const bytes = upload.files[field];
        const label = CHART_FIELDS[field].label;
        if (!sniffImageType(bytes)) {
          throw new AppError(
            415,
            'NOT_AN_IMAGE',
            `The ${label} is not a PNG, JPEG or WebP image. Upload a screenshot of the chart.`,
            { title: 'Not an Image' },
          );
        }
        const dims = await readDimensions(bytes, label);
        assertPixelBudget(dims, label);
        pixels += dims.width * dims.height;
      }

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
        return await analyzeAdmitted(request, reply, userId, ticket, upload, fields, timing);
      } finally {
        ticket.release();
      }
    }

    async function analyzeAdmitted(
      request: FastifyRequest,
      reply: FastifyReply,
      userId: string,
      ticket: AnalysisTicket,
      upload: AnalyzeUpload,
      fields: AnalyzeFields,
      timing: ReturnType<typeof serverTiming>,
    ) {
      const decoded = await Promise.all(
        SLOTS.map(async (slot) => {
          const field = CHART_SLOT_FIELDS[slot];
          const bytes = upload.files[field];
          const label = CHART_FIELDS[field].label;
          const [image, thumb] = await Promise.all([decodeUpload(bytes, label), thumbnail(bytes, label)]);
          return { slot, image, thumb };
        }),
      );
      const images = Object.fromEntries(decoded.map((d) => [d.slot, d.image])) as Record<
        ChartSlot,
        RgbaImage
      >;
      const thumbnails = Object.fromEntries(decoded.map((d) => [d.slot, d.thumb])) as Record<
        ChartSlot,
        Buffer
      >;
      timing.mark('decode');

      let result: AnalysisResultDto;
      try {
        // Same shape, engine types are readonly (engine/plan/contract.test.ts proves they agree).
        const run = await ticket.run({
          images,
          account: fields.accountSize,
          riskPercent: fields.riskPercentage,
        });
        result = run.result as AnalysisResultDto;
        timing.split('queue', 'analyze', run.workerMs);
      } catch (error) {
        if (error instanceof QueueFullError) throw serviceBusy(error);
        throw error; // EngineError -> 422 naming the chart (the engine prefixes the slot)
      }

      const stored = await saveAnalysis(app.db, {
        userId,
        accountSize: fields.accountSize,
        riskPercentage: fields.riskPercentage,
        result,
        thumbnails,
      });
      request.log.info(
        { userId, analysisId: stored.id, symbol: result.symbol, trade: !!result.tradePlan },
        'analysis stored',
      );
      timing.mark('store');
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
