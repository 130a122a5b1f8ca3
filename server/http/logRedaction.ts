/**
 * What the request log shows of a request. The upload sockets carry their secure token in the URL
 * (`?token=`, a browser cannot set headers on a WebSocket): the log shows it as `[redacted]`, so a
 * token never reaches a log line, whatever the level. The query parser decodes parameter names
 * (`?%74oken=` is `token` to the server), so names are compared decoded, and in any case.
 */
import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/** Query parameters whose value is a secret (lower case): the upload token, a signature, keys, passwords. */
const SECRET_PARAMETERS = new Set(['token', 'securetoken', 'accesstoken', 'refreshtoken', 'sig', 'signature', 'accesskey', 'access_key', 'key', 'secret', 'password']);
/** Decodings of a name tried (`%2574` is `%74` once decoded, `t` twice). */
const NAME_DECODINGS = 3;

/** A parameter name as the query parser reads it: `+` is a space, each `%XX` its byte (never throws on a malformed one). */
function decodeName(name: string): string {
  let decoded = name;
  for (let i = 0; i < NAME_DECODINGS; i++) {
    const next = decoded.replace(/\+/g, ' ').replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    if (next === decoded) break;
    decoded = next;
  }
  return decoded.trim().toLowerCase();
}

/** The URL with the value of every secret query parameter (its name decoded, any case) replaced by `[redacted]`. */
function redactUrl(url: string): string {
  const start = url.indexOf('?');
  if (start < 0) return url;
  const fragment = url.indexOf('#', start);
  const end = fragment < 0 ? url.length : fragment;
  const query = url
    .slice(start + 1, end)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals < 0 ? pair : pair.slice(0, equals);
      return SECRET_PARAMETERS.has(decodeName(name)) ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, start + 1)}${query}${url.slice(end)}`;
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
