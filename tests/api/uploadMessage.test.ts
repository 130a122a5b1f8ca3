import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeUploadMessage, encodeUploadMessage } from '../../src/api/uploadMessage';
import { socketUrl, uploadParts } from '../../src/api/uploadSocket';

describe('upload message', () => {
  it('round-trips text parts and file bytes (property)', () => {
    const part = fc.string({ maxLength: 40 }).filter((s) => !s.includes('\0'));
    fc.assert(
      fc.property(fc.array(part, { minLength: 1, maxLength: 5 }), fc.uint8Array({ maxLength: 200 }), (parts, file) => {
        const decoded = decodeUploadMessage(encodeUploadMessage(parts, file), parts.length);
        expect(decoded?.parts).toEqual(parts);
        expect(Array.from(decoded!.file)).toEqual(Array.from(file));
      }),
    );
  });

  it('rejects a message with too few parts or invalid UTF-8', () => {
    expect(decodeUploadMessage(new TextEncoder().encode('token\0name'), 3)).toBeNull();
    expect(decodeUploadMessage(new Uint8Array([0xff, 0xfe, 0]), 1)).toBeNull();
  });

  it('orders the parts as SPEC §7 says', () => {
    const file = new Uint8Array([1]);
    expect(uploadParts({ kind: 'create', secureToken: 't', projectName: 'Kitchen', fileName: 'k.step', file })).toEqual(['t', 'Kitchen', 'k.step']);
    expect(uploadParts({ kind: 'setModel', secureToken: 't', projectId: 12, fileName: 'k.step', file })).toEqual(['t', '12', 'false', 'k.step']);
    expect(socketUrl('/api/v1', 'projects/create', 'https://x.org')).toBe('wss://x.org/api/v1/projects/create');
    expect(socketUrl('/api/v1/', 'projects/setModel', 'http://localhost:8080')).toBe('ws://localhost:8080/api/v1/projects/setModel');
  });
});
