import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PROJECT_NAME_MAX } from '../../src/model/text/projectName';
import { ALL_SHARE_OPTIONS } from '../../src/api/schemas';
import { ACCESS_KEY_BITS, generateAccessKey, isAccessKeyShape } from '../../server/domain/accessKeys';
import { canCreateAttachment, canDeleteItem, canReadAttachments, canUseComments } from '../../server/domain/permissions';
import { modelBlobKey, originalBlobKey, projectFolder } from '../../server/domain/projectBlobKeys';
import { checkProjectName, projectNameFromFileName } from '../../server/domain/projectNames';
import { DEFAULT_SHARE_OPTIONS, planProjectPatch } from '../../server/domain/projectPatch';
import { parseByteRange } from '../../server/http/byteRange';
import { assertBlobKey } from '../../server/storage/blobStore';

describe('access keys', () => {
  it('are 22 base62 characters carrying at least 128 bits, never repeating', () => {
    expect(ACCESS_KEY_BITS).toBeGreaterThanOrEqual(128);
    const keys = new Set(Array.from({ length: 5000 }, () => generateAccessKey()));
    expect(keys.size).toBe(5000);
    for (const key of keys) expect(key).toMatch(/^[A-Za-z0-9]{22}$/);
  });

  it('draw every character evenly: bytes past 247 are redrawn, not folded onto the first letters', () => {
    // A source that gives 248..255 first (to be skipped), then 0..61 twice.
    const bytes = [248, 249, 250, 251, 252, 253, 254, 255, ...Array.from({ length: 124 }, (_, i) => i % 62)];
    let offset = 0;
    const source = (size: number) => {
      const chunk = Uint8Array.from(bytes.slice(offset, offset + size));
      offset += size;
      return chunk;
    };
    expect(generateAccessKey(source)).toBe('ABCDEFGHIJKLMNOPQRSTUV');
    const counts = new Map<string, number>();
    for (let i = 0; i < 2000; i += 1) for (const c of generateAccessKey()) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect(counts.size).toBe(62);
    const expected = (2000 * 22) / 62;
    for (const count of counts.values()) expect(Math.abs(count - expected)).toBeLessThan(expected * 0.35);
  });

  it('recognises only letters and digits as a key shape', () => {
    expect(isAccessKeyShape(generateAccessKey())).toBe(true);
    for (const bad of ['', '../x', 'a-b', 'a b', 'x'.repeat(65), 'é', 42, null]) expect(isAccessKeyShape(bad)).toBe(false);
  });
});

describe('permissions', () => {
  const project = { ownerId: 1, isPublished: true, shareOptions: ALL_SHARE_OPTIONS };
  const hidden = { ...project, shareOptions: { ...ALL_SHARE_OPTIONS, isCommentsVisible: false, isAttachmentVisible: false } };

  it('open comments and hyperlinks on a link only while published and enabled', () => {
    expect(canUseComments('link', project)).toBe(true);
    expect(canUseComments('link', hidden)).toBe(false);
    expect(canUseComments('link', { ...project, isPublished: false })).toBe(false);
    expect(canUseComments('owner', { ...hidden, isPublished: false })).toBe(true);
    expect(canReadAttachments('link', hidden)).toBe(false);
    expect(canReadAttachments('owner', hidden)).toBe(true);
    expect(canCreateAttachment('owner')).toBe(true);
    expect(canCreateAttachment('link')).toBe(false);
  });

  it('let the owner delete anything, an author its own, nobody else', () => {
    const byGuest = { authorUserId: null, authorGuestId: 'g1' };
    const byUser = { authorUserId: 7, authorGuestId: null };
    expect(canDeleteItem({ userId: 1, guestId: null }, project, byGuest)).toBe(true);
    expect(canDeleteItem({ userId: null, guestId: 'g1' }, project, byGuest)).toBe(true);
    expect(canDeleteItem({ userId: null, guestId: 'g2' }, project, byGuest)).toBe(false);
    expect(canDeleteItem({ userId: null, guestId: null }, project, byGuest)).toBe(false);
    expect(canDeleteItem({ userId: 7, guestId: null }, project, byUser)).toBe(true);
    expect(canDeleteItem({ userId: 8, guestId: null }, project, byUser)).toBe(false);
    expect(canDeleteItem({ userId: null, guestId: null }, project, { authorUserId: null, authorGuestId: null })).toBe(false);
  });
});

describe('project names', () => {
  it('trim, then follow SPEC §5; control characters are invalid', () => {
    expect(checkProjectName('  Kitchen  ')).toEqual({ ok: true, name: 'Kitchen' });
    expect(checkProjectName('x'.repeat(PROJECT_NAME_MAX))).toMatchObject({ ok: true });
    expect(checkProjectName('x'.repeat(61))).toMatchObject({ ok: false, message: '60 maximum characters' });
    expect(checkProjectName(' ')).toMatchObject({ ok: false, message: 'You need at least 1 character.' });
    for (const bad of ['a/b', 'a\\b', 'a:b', 'a*b', 'a?b', 'a"b', 'a<b', 'a>b', 'a|b', 'a\u0000b', 'a\u007fb']) {
      expect(checkProjectName(bad)).toMatchObject({ ok: false, message: 'Invalid characters.' });
    }
  });

  it('made from any file name are always valid', () => {
    expect(projectNameFromFileName('C:\\work\\Kitchen: v2.step')).toBe('Kitchen v2');
    expect(projectNameFromFileName('???.stp')).toBe('Untitled project');
    fc.assert(fc.property(fc.string({ maxLength: 300, unit: 'grapheme' }), (fileName) => checkProjectName(projectNameFromFileName(fileName)).ok));
  });

  it('made from a long file name are cut at a word boundary within the limit', () => {
    const words = 'Kitchen renovation for the Smith family at 12 Orchard Lane with island and pantry cabinets revised after the second site visit in March including the appliance garage and the tall larder units final version approved by the client';
    const long = `${words} v12.step`;
    expect(long.length).toBeGreaterThan(200);
    const name = projectNameFromFileName(long);
    expect(name).toBe('Kitchen renovation for the Smith family at 12 Orchard Lane');
    expect(name.length).toBeLessThanOrEqual(60);
    // Underscores and hyphens separate words in file names too; the separator is not kept at the end.
    expect(projectNameFromFileName(`${'Kitchen_Smith_'.repeat(3)}island_pantry_cabinets_revised_after_visit.stp`)).toBe('Kitchen_Smith_Kitchen_Smith_Kitchen_Smith_island_pantry');
    // A single word longer than the limit is cut at the limit.
    expect(projectNameFromFileName(`${'x'.repeat(80)}.stp`)).toBe('x'.repeat(60));
    // Every cut name is a prefix of the cleaned name ending at a word's end.
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[A-Za-zéè0-9]{1,15}$/), { minLength: 1, maxLength: 30 }), (parts) => {
        const stem = parts.join(' ');
        const cut = projectNameFromFileName(`${stem}.dae`);
        expect(cut.length).toBeLessThanOrEqual(60);
        expect(stem.startsWith(cut)).toBe(true);
        if (cut.length < stem.length && parts[0].length <= 60) expect(stem[cut.length]).toBe(' ');
      }),
    );
  });
});

describe('project patch', () => {
  const unpublished = { isPublished: false, shareOptions: DEFAULT_SHARE_OPTIONS };

  it('merges share options alone only while published, and with a publish or an unpublish in the same patch', () => {
    expect(planProjectPatch(unpublished, { shareOptions: { isCommentsVisible: true } })).toMatchObject({ ok: false, status: 409 });
    const plan = planProjectPatch(unpublished, { isPublished: true, shareOptions: { isCommentsVisible: true } });
    expect(plan).toEqual({ ok: true, changes: { isPublished: true, shareOptions: { ...DEFAULT_SHARE_OPTIONS, isCommentsVisible: true } } });
    // Published, the hierarchy hidden, unpublished during the save: one patch, taken whole.
    const hidden = { ...DEFAULT_SHARE_OPTIONS, isHierarchyVisible: false };
    expect(planProjectPatch(unpublished, { isPublished: false, shareOptions: { isHierarchyVisible: false } })).toEqual({ ok: true, changes: { isPublished: false, shareOptions: hidden } });
    expect(planProjectPatch({ ...unpublished, isPublished: true }, { shareOptions: { isHierarchyVisible: false } })).toEqual({ ok: true, changes: { shareOptions: hidden } });
  });

  it('refuses an empty patch and bad names, and never changes a field it was not given', () => {
    expect(planProjectPatch(unpublished, {})).toMatchObject({ ok: false, status: 400 });
    expect(planProjectPatch(unpublished, { shareOptions: {} })).toMatchObject({ ok: false, status: 400 });
    expect(planProjectPatch(unpublished, { name: 'a|b' })).toMatchObject({ ok: false, code: 'invalid_name' });
    expect(planProjectPatch(unpublished, { currentStage: 'ready' })).toEqual({ ok: true, changes: { currentStage: 'ready' } });
  });
});

describe('blob keys', () => {
  it('keep each revision in its own folder, with only a safe extension of the original name', () => {
    expect(modelBlobKey(12, 3)).toBe('projects/12/r3/model.glb');
    expect(originalBlobKey(12, 3, 'Kitchen Final.STEP')).toBe('projects/12/r3/original.step');
    expect(originalBlobKey(12, 3, '../../etc/passwd')).toBe('projects/12/r3/original');
    expect(projectFolder(12)).toBe('projects/12');
    fc.assert(fc.property(fc.string({ maxLength: 200 }), (name) => void assertBlobKey(originalBlobKey(1, 1, name))));
  });
});

describe('byte ranges', () => {
  it('parse single ranges and refuse the unsatisfiable ones', () => {
    expect(parseByteRange(undefined, 100)).toBeUndefined();
    expect(parseByteRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseByteRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseByteRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseByteRange('bytes=-500', 100)).toEqual({ start: 0, end: 99 });
    expect(parseByteRange('bytes=50-5000', 100)).toEqual({ start: 50, end: 99 });
    expect(parseByteRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseByteRange('bytes=9-1', 100)).toBe('unsatisfiable');
    expect(parseByteRange('bytes=0-1,5-6', 100)).toBeUndefined();
    expect(parseByteRange('items=0-1', 100)).toBeUndefined();
  });
});
