import { describe, expect, it } from 'vitest';
import { projectNameError } from '../../src/model/text/projectName';
import { attachmentCreateSchema, sharedProjectSchema, serverSocketMessageSchema } from '../../src/api/schemas';
import { formatDistance, metresTo, roundForUnit } from '../../src/model/units/units';

describe('contract schemas', () => {
  it('defaults absent share flags to false on shared links', () => {
    const shared = sharedProjectSchema.parse({
      name: 'K', ownerName: 'Ann', ownerAvatarUrl: '/a.svg', currentStage: 'new',
      shareOptions: { isCommentsVisible: true }, creationDate: 0, modificationDate: 10, revisionNumber: 1, modelUrl: '/m',
    });
    expect(shared.shareOptions.isCommentsVisible).toBe(true);
    expect(shared.shareOptions.isHierarchyVisible).toBe(false);
    expect(shared.shareOptions.isWireframeRenderModeAvailable).toBe(false);
    expect(shared.modificationDate.getTime()).toBe(10000);
  });

  it('rejects an unknown stage and non-http hyperlinks', () => {
    expect(sharedProjectSchema.safeParse({ name: 'K', ownerName: 'A', ownerAvatarUrl: '', currentStage: 'done', creationDate: 0, modificationDate: 0, revisionNumber: 1, modelUrl: '' }).success).toBe(false);
    expect(attachmentCreateSchema.safeParse({ authorName: 'a', name: 'n', url: 'javascript:alert(1)' }).success).toBe(false);
    expect(attachmentCreateSchema.safeParse({ authorName: ' a ', name: ' n ', url: ' https://x.org ' }).data).toEqual({ authorName: 'a', name: 'n', url: 'https://x.org' });
  });

  it('reads socket messages', () => {
    expect(serverSocketMessageSchema.parse({ type: 'status', progress: 0.5, activity: 'convert' }).type).toBe('status');
    expect(serverSocketMessageSchema.safeParse({ type: 'status', progress: 2, activity: 'x' }).success).toBe(false);
    expect(serverSocketMessageSchema.safeParse({ type: 'nope' }).success).toBe(false);
  });
});

describe('project name rules', () => {
  it('follows SPEC §5', () => {
    expect(projectNameError('')).toBe('tooShort');
    expect(projectNameError('a'.repeat(60))).toBeNull();
    expect(projectNameError('a'.repeat(61))).toBe('tooLong');
    for (const c of ['\\', '/', ':', '*', '?', '"', '<', '>', '|']) expect(projectNameError(`a${c}b`)).toBe('invalidCharacters');
  });
});

describe('units', () => {
  it('converts and rounds as SPEC §9 says', () => {
    expect(metresTo('mm', 1)).toBe(1000);
    expect(metresTo('in', 1)).toBeCloseTo(39.3701, 6);
    expect(roundForUnit('mm', 12.345)).toBe(12.3);
    expect(roundForUnit('in', 1.23456)).toBe(1.235);
    expect(formatDistance('in', metresTo('in', 0.6))).toBe('23.622 in');
  });
});
