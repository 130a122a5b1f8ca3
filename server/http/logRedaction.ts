/**
 * What the request log shows of a request. The upload sockets carry their secure token in the URL
 * (`?token=`, a browser cannot set headers on a WebSocket): the log shows it as `[redacted]`, so a
 * token never reaches a log line, whatever the level.
 */
import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/** The URL with the value of any `token` query parameter replaced by `[redacted]`. */
function redactUrl(url: string): string {
  return url.replace(/([?&]token=)[^&#]*/gi, '$1[redacted]');
}

/** Fastify's own request serializer, with the URL redacted. */
function requestForLog(request: FastifyRequest) {
  const version = request.headers?.['accept-version'];
  return {
    method: request.method,
    url: redactUrl(request.url),
    version: Array.isArray(version) ? version.join(', ') : version,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Logger options with the redacting request serializer (a logger off stays off). */
export function withRedactedUrls(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return logger;
  const options = logger === true ? {} : logger;
  // Headers are not in the request's log line; should any line carry them, their secrets are censored.
  const redact = { paths: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization', 'headers.cookie', 'res.headers["set-cookie"]'], censor: '[redacted]' };
  return { ...options, redact, serializers: { ...options.serializers, req: requestForLog } };
}
