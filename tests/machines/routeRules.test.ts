import { describe, expect, it } from 'vitest';
import { isAccessKeyParam, isProjectIdParam, safeReturnPath } from '../../src/machines/routeRules';

describe('route rules', () => {
  it('accepts only digit project ids', () => {
    expect(isProjectIdParam('12')).toBe(true);
    for (const bad of ['', '0', '-1', '1.5', '12a', ' 12', '99999999999999999999']) expect(isProjectIdParam(bad), bad).toBe(false);
  });

  it('accepts only letter-and-digit access keys', () => {
    expect(isAccessKeyParam('aZ09xY')).toBe(true);
    for (const bad of ['', 'ab-cd', 'ab_cd', 'ab cd', 'é1', 'ab%20']) expect(isAccessKeyParam(bad), bad).toBe(false);
  });

  it('returns only to local paths after login', () => {
    expect(safeReturnPath('/projects/12')).toBe('/projects/12');
    expect(safeReturnPath('/projects/12?filter=A')).toBe('/projects/12?filter=A');
    for (const bad of ['https://evil.test/', '//evil.test', '/\\evil.test', 'projects/1', '/login', '/fr', undefined, 42]) {
      expect(safeReturnPath(bad), String(bad)).toBe('/');
    }
  });
});
