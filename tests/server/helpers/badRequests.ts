/**
 * fast-check arbitraries of requests the project API must refuse: wrong types, missing fields,
 * huge strings, unknown stages, path traversal in names and ids, non-http URLs, bytes that are not
 * images, foreign ids and keys. Every one is bad by construction, so the right answer is always a
 * 4xx that changes nothing.
 */
import fc from 'fast-check';
import { SHARE_OPTION_KEYS, STAGES } from '../../../src/api/schemas';

export interface BadRequest {
  kind: string;
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  url: string;
  auth: 'owner' | 'other' | 'none' | 'garbage';
  body?: unknown;
  /** Raw payload (instead of JSON), with its content type. */
  payload?: string | Uint8Array;
  contentType?: string;
}

/** What the generators aim at (ids, keys) in the fixture. */
export interface Fixture {
  published: { id: number; key: string; commentId: number; attachmentId: number };
  unpublished: { id: number; key: string };
  commentsOff: { key: string };
  othersProjectId: number;
  /** A comment on someone else's project. */
  foreignCommentId: number;
}

type Field = { value: unknown; bad: boolean } | { absent: true; bad: boolean };
const good = (value: unknown): Field => ({ value, bad: false });
const bad = (arb: fc.Arbitrary<unknown>) => arb.map((value): Field => ({ value, bad: true }));
const absent = (isBad: boolean) => fc.constant<Field>({ absent: true, bad: isBad });

/** Values of no JSON type a string field accepts (NaN and Infinity become null in JSON). */
const notAString = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 3 }),
);
const notABoolean = fc.oneof(fc.integer(), fc.constantFrom('true', 'false', '', 'yes'), fc.constant(null), fc.array(fc.boolean(), { maxLength: 2 }), fc.constant({}));
const notAnObject = fc.oneof(fc.integer(), fc.string({ maxLength: 20 }), fc.boolean(), fc.constant(null), fc.array(fc.anything({ maxDepth: 1 }), { maxLength: 3 }));

/** Lengths past any limit, now and then past the 1 MB body limit. */
const hugeString = fc.oneof(
  { weight: 8, arbitrary: fc.integer({ min: 4001, max: 50_000 }) },
  { weight: 1, arbitrary: fc.integer({ min: 1_048_577, max: 1_600_000 }) },
).map((n) => 'x'.repeat(n));

const blank = fc.constantFrom('', ' ', '\t', '\n \r', '\u00a0\u2003');
const withNul = fc.tuple(fc.string({ maxLength: 10 }), fc.string({ maxLength: 10 })).map(([a, b]) => `${a}\u0000${b}`);

const badName = fc.oneof(
  fc.tuple(fc.string({ maxLength: 20 }), fc.constantFrom(...'\\/:*?"<>|'), fc.string({ maxLength: 20 })).map(([a, c, b]) => a + c + b),
  fc.constantFrom('../../etc/passwd', '..\\..\\windows\\system32', '/etc/shadow', 'a/../../b', '..%2F/..', 'C:\\boot.ini'),
  fc.string({ minLength: 61, maxLength: 120 }).filter((s) => s.trim().length > 60),
  blank,
  fc.tuple(fc.string({ maxLength: 10 }), fc.integer({ min: 0, max: 31 }), fc.string({ maxLength: 10 })).map(([a, c, b]) => `${a}x${String.fromCharCode(c)}y${b}`),
  hugeString,
  notAString,
);
const unknownStage = fc.oneof(
  fc.string({ maxLength: 20 }).filter((s) => !(STAGES as readonly string[]).includes(s)),
  fc.constantFrom('New', 'READY', ' ready', 'ready ', 'archived', 'done', 'draft'),
  notAString,
);
const unknownKey = fc.string({ minLength: 1, maxLength: 12 }).filter((k) => !['name', 'currentStage', 'isPublished', 'shareOptions', '__proto__'].includes(k));
const badShareOptions = fc.oneof(
  notAnObject,
  fc.tuple(fc.string({ minLength: 1, maxLength: 20 }).filter((k) => !(SHARE_OPTION_KEYS as readonly string[]).includes(k) && k !== '__proto__'), fc.boolean()).map(([k, v]) => ({ [k]: v })),
  fc.tuple(fc.constantFrom(...SHARE_OPTION_KEYS), notABoolean).map(([k, v]) => ({ [k]: v })),
);

function objectOf(fields: Record<string, Field>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).flatMap(([key, field]) => ('absent' in field ? [] : [[key, field.value]])));
}
const someBad = (fields: Record<string, Field>) => Object.values(fields).some((f) => f.bad);

export function badRequests(fx: Fixture): fc.Arbitrary<BadRequest> {
  const project = (id: number) => `/api/v1/projects/${id}`;
  const link = (key: string) => `/api/v1/projects/accessKeys/${key}`;
  const target = fc.constantFrom(fx.published.id, fx.unpublished.id);

  const patch = fc
    .record({
      name: fc.oneof(absent(false), fc.constant(good('Valid name')), bad(badName)),
      currentStage: fc.oneof(absent(false), fc.constant(good('ready')), bad(unknownStage)),
      isPublished: fc.oneof(absent(false), bad(notABoolean)),
      shareOptions: fc.oneof(absent(false), bad(badShareOptions)),
      extra: fc.oneof(absent(false), bad(fc.tuple(unknownKey, fc.anything({ maxDepth: 1 })))),
    })
    .filter(someBad)
    .chain((fields) =>
      target.map((id): BadRequest => {
        const { extra, ...rest } = fields;
        const body = objectOf(rest);
        if (!('absent' in extra)) {
          const [key, value] = extra.value as [string, unknown];
          body[key] = value ?? 0;
        }
        return { kind: 'patch project: bad field', method: 'PATCH', url: project(id), auth: 'owner', body };
      }),
    );

  // Options alone on an unpublished project (with a publish change in the same patch, either way, they are taken).
  const lockedShareOptions = fc
    .record({ option: fc.constantFrom(...SHARE_OPTION_KEYS), value: fc.boolean() })
    .map(({ option, value }): BadRequest => ({
      kind: 'patch project: share options while unpublished',
      method: 'PATCH',
      url: project(fx.unpublished.id),
      auth: 'owner',
      body: { shareOptions: { [option]: value } },
    }));

  const nonObjectBody = fc.tuple(fc.constantFrom('patch', 'comment', 'attachment', 'settings'), notAnObject).map(([where, body]): BadRequest => {
    const url = { patch: project(fx.published.id), comment: `${project(fx.published.id)}/comments`, attachment: `${project(fx.published.id)}/attachments`, settings: '/api/v1/settings' }[where];
    return { kind: 'not an object', method: where === 'patch' || where === 'settings' ? 'PATCH' : 'POST', url, auth: 'owner', body };
  });

  const badId = fc.oneof(
    fc.constant(String(fx.othersProjectId)),
    fc.integer({ min: 1_000_000, max: 2_147_483_647 }).map(String),
    fc.constantFrom('0', '-1', '1.5', '1e2', '0x10', '99999999999', '%2e%2e', '..%2F1', `${fx.published.id}abc`, `0${fx.published.id}`, '%00', 'null'),
  );
  const foreignTarget = fc.tuple(badId, fc.constantFrom('PATCH', 'DELETE', 'POST comment', 'DELETE comment', 'POST attachment')).map(([id, op]): BadRequest => {
    const base = `/api/v1/projects/${id}`;
    switch (op) {
      case 'PATCH':
        return { kind: 'foreign or malformed id', method: 'PATCH', url: base, auth: 'owner', body: { currentStage: 'ready' } };
      case 'DELETE':
        return { kind: 'foreign or malformed id', method: 'DELETE', url: base, auth: 'owner' };
      case 'POST comment':
        return { kind: 'foreign or malformed id', method: 'POST', url: `${base}/comments`, auth: 'owner', body: { authorName: 'A', text: 'B' } };
      case 'DELETE comment': {
        // Ids of one table are no ids of another: only comment ids that are not this project's.
        const commentId = /^\d+$/.test(id) && Number(id) < 1_000_000 ? String(fx.foreignCommentId) : id;
        return { kind: 'foreign or malformed id', method: 'DELETE', url: `${project(fx.published.id)}/comments/${commentId}`, auth: 'owner' };
      }
      default:
        return { kind: 'foreign or malformed id', method: 'POST', url: `${base}/attachments`, auth: 'owner', body: { authorName: 'A', name: 'N', url: 'https://example.com' } };
    }
  });

  const textField = (max: number) => fc.oneof(fc.constant(good('fine')), bad(blank), bad(notAString), bad(withNul), bad(fc.integer({ min: max + 1, max: max + 5000 }).map((n) => 'y'.repeat(n))), bad(hugeString), absent(true));
  const comment = fc
    .record({ authorName: textField(100), text: textField(4000) })
    .filter(someBad)
    .chain((fields) =>
      fc.constantFrom(`${project(fx.published.id)}/comments`, `${link(fx.published.key)}/comments`).map((url): BadRequest => ({
        kind: 'comment: bad field',
        method: 'POST',
        url,
        auth: url.includes('accessKeys') ? 'none' : 'owner',
        body: objectOf(fields),
      })),
    );

  const badUrl = fc.oneof(
    fc.constantFrom('javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'java\tscript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'file:///etc/passwd', 'ftp://example.com/x', 'mailto:a@example.com', 'vbscript:msgbox', '//evil.example/x', '/relative/path', '../../etc/passwd', 'http://', 'https://', 'http//example.com', 'example.com', 'ws://example.com', 'blob:https://example.com/uuid'),
    fc.webUrl().map((u) => u.replace(/^https?:/, 'javascript:')),
    fc.string({ maxLength: 40 }).filter((s) => !/^\s*https?:/i.test(s)),
    fc.integer({ min: 1990, max: 4000 }).map((n) => `https://example.com/${'p'.repeat(n)}`),
  );
  const attachment = fc
    .record({ authorName: textField(100), name: textField(200), url: fc.oneof(fc.constant(good('https://example.com/a')), bad(badUrl), bad(notAString), absent(true)) })
    .filter(someBad)
    .map((fields): BadRequest => ({ kind: 'hyperlink: bad field or URL', method: 'POST', url: `${project(fx.published.id)}/attachments`, auth: 'owner', body: objectOf(fields) }));

  const notAllowed = fc.constantFrom<BadRequest>(
    { kind: 'not allowed here', method: 'POST', url: `${link(fx.published.key)}/attachments`, auth: 'none', body: { authorName: 'A', name: 'N', url: 'https://example.com' } },
    { kind: 'not allowed here', method: 'POST', url: `${link(fx.published.key)}/attachments`, auth: 'owner', body: { authorName: 'A', name: 'N', url: 'https://example.com' } },
    { kind: 'not allowed here', method: 'POST', url: `${link(fx.unpublished.key)}/comments`, auth: 'none', body: { authorName: 'A', text: 'B' } },
    { kind: 'not allowed here', method: 'POST', url: `${link(fx.commentsOff.key)}/comments`, auth: 'none', body: { authorName: 'A', text: 'B' } },
    { kind: 'not allowed here', method: 'DELETE', url: `${link(fx.published.key)}/comments/${fx.published.commentId}`, auth: 'none' },
    { kind: 'not allowed here', method: 'DELETE', url: `${link(fx.published.key)}/attachments/${fx.published.attachmentId}`, auth: 'other' },
    { kind: 'not allowed here', method: 'DELETE', url: `${project(fx.published.id)}/comments/${fx.published.commentId}`, auth: 'other' },
    { kind: 'not allowed here', method: 'PATCH', url: project(fx.published.id), auth: 'other', body: { name: 'Taken' } },
    { kind: 'not allowed here', method: 'POST', url: '/api/v1/projects', auth: 'owner', body: { name: 'x' } },
    { kind: 'not allowed here', method: 'PUT', url: project(fx.published.id), auth: 'owner', body: { name: 'x' } },
  );

  const badKeyPath = fc
    .tuple(fc.constantFrom('..%2F..%2Fetc%2Fpasswd', '%2e%2e', 'a-b', 'x'.repeat(70), `${fx.published.key}%00`, `${fx.published.key}.json`, '%252e%252e'), fc.constantFrom('', '/logo', '/comments', '/attachments'), fc.constantFrom<'GET' | 'POST'>('GET', 'POST'))
    .map(([key, suffix, method]): BadRequest => ({ kind: 'traversal or malformed key', method, url: `${link(key)}${suffix}`, auth: 'none', ...(method === 'POST' ? { body: { authorName: 'A', text: 'B' } } : {}) }));

  const language = fc.oneof(fc.constant(good('fr')), bad(fc.string({ maxLength: 8 }).filter((s) => s !== 'fr' && s !== 'en')), bad(notAString), absent(false));
  const unit = fc.oneof(fc.constant(good('mm')), bad(fc.string({ maxLength: 8 }).filter((s) => s !== 'mm' && s !== 'in')), bad(notAString), absent(false));
  const settings = fc
    .record({ preferredDisplayLanguage: language, preferredDistanceUnit: unit, extra: fc.oneof(absent(false), bad(fc.constant(1))) })
    .filter((f) => someBad(f) || Object.values(f).every((field) => 'absent' in field))
    .map(({ extra, ...fields }): BadRequest => ({
      kind: 'settings: bad field',
      method: 'PATCH',
      url: '/api/v1/settings',
      auth: 'owner',
      body: { ...objectOf(fields), ...('absent' in extra ? {} : { theme: 'dark' }) },
    }));

  const contentType = fc.constantFrom('image/png', 'image/svg+xml', 'text/html', 'application/octet-stream', 'image/jpeg', 'text/plain');
  const logo = fc
    .tuple(
      fc.oneof(
        fc.uint8Array({ maxLength: 2000 }),
        fc.constantFrom('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', '<!doctype html><script>alert(1)</script>', '<?xml version="1.0"?><svg/>', 'GIF89a<script>', '\x89PNG\r\n\x1a\n<html>'),
        fc.string({ maxLength: 200 }),
      ),
      contentType,
    )
    .map(([payload, type]): BadRequest => ({ kind: 'logo: not an image', method: 'PUT', url: '/api/v1/branding/logo', auth: 'owner', payload, contentType: type }));

  const malformed = fc
    .tuple(
      fc.oneof(fc.string({ maxLength: 40 }).filter((s) => { try { JSON.parse(s); return false; } catch { return true; } }), fc.constantFrom('{', '{"name":', '[1,', '{"currentStage":"ready"')),
      fc.constantFrom(project(fx.published.id), `${project(fx.published.id)}/comments`, '/api/v1/settings'),
    )
    .map(([payload, url]): BadRequest => ({ kind: 'malformed JSON', method: url.endsWith('comments') ? 'POST' : 'PATCH', url, auth: 'owner', payload, contentType: 'application/json' }));

  const wrongContentType = fc
    .tuple(fc.constantFrom('text/plain', 'application/xml', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'), fc.constantFrom(project(fx.published.id), `${project(fx.published.id)}/comments`))
    .map(([type, url]): BadRequest => ({
      kind: 'valid JSON under another content type',
      method: url.endsWith('comments') ? 'POST' : 'PATCH',
      url,
      auth: 'owner',
      payload: JSON.stringify(url.endsWith('comments') ? { authorName: 'A', text: 'B' } : { currentStage: 'ready' }),
      contentType: type,
    }));

  const badToken = fc.constantFrom<BadRequest>(
    { kind: 'bad token', method: 'PATCH', url: project(fx.published.id), auth: 'garbage', body: { currentStage: 'ready' } },
    { kind: 'bad token', method: 'DELETE', url: project(fx.published.id), auth: 'garbage' },
    { kind: 'bad token', method: 'PATCH', url: '/api/v1/settings', auth: 'garbage', body: { preferredDistanceUnit: 'in' } },
    { kind: 'bad token', method: 'DELETE', url: '/api/v1/branding/logo', auth: 'garbage' },
    { kind: 'bad token', method: 'POST', url: `${link(fx.published.key)}/comments`, auth: 'garbage', body: { authorName: 'A', text: 'B' } },
  );

  return fc.oneof(
    { weight: 6, arbitrary: patch },
    { weight: 1, arbitrary: lockedShareOptions },
    { weight: 1, arbitrary: nonObjectBody },
    { weight: 2, arbitrary: foreignTarget },
    { weight: 3, arbitrary: comment },
    { weight: 3, arbitrary: attachment },
    { weight: 1, arbitrary: notAllowed },
    { weight: 1, arbitrary: badKeyPath },
    { weight: 2, arbitrary: settings },
    { weight: 2, arbitrary: logo },
    { weight: 1, arbitrary: malformed },
    { weight: 1, arbitrary: wrongContentType },
    { weight: 1, arbitrary: badToken },
  );
}
