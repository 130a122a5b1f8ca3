/** Every error leaves the server as JSON `{ error, message }` with a fitting status; bad input never becomes a 500. */
import type { FastifyError, FastifyInstance } from 'fastify';
import { z } from 'zod';

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function badRequest(message: string): ApiError {
  return new ApiError(400, 'invalid_request', message);
}

export function notFound(message = 'Not found.'): ApiError {
  return new ApiError(404, 'not_found', message);
}

/**
 * Parses untrusted input with a zod schema; a mismatch is a 400 naming the first problem, with
 * `invalid_request` or the error code the failed check names (`params: { code }`, as the name rule
 * of src/api/noteSchemas.ts gives `invalid_name`).
 */
export function parseInput<S extends z.core.$ZodType>(schema: S, value: unknown): z.output<S> {
  const result = z.safeParse(schema, value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  const code = issue?.code === 'custom' && typeof issue.params?.code === 'string' ? issue.params.code : 'invalid_request';
  throw new ApiError(400, code, `${where}${issue?.message ?? 'Invalid request.'}`);
}

const CODE_BY_STATUS: Record<number, string> = {
  400: 'invalid_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  408: 'request_timeout',
  409: 'conflict',
  411: 'length_required',
  413: 'payload_too_large',
  414: 'uri_too_long',
  415: 'unsupported_media_type',
  416: 'range_not_satisfiable',
  429: 'too_many_requests',
};

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      return reply.status(error.statusCode).headers(error.headers).send({ error: error.code, message: error.message });
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ error: CODE_BY_STATUS[status] ?? 'invalid_request', message: error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ error: 'internal_error', message: 'An unexpected error occurred.' });
  });
}

/** The JSON 404 of the API (the single-page app installs its own fallback for the other paths). */
export function sendApiNotFound(method: string, url: string) {
  return { error: 'not_found', message: `No route ${method} ${url.split('?')[0]}.` };
}
