import { describe, expect, it } from 'vitest';
import { externalLink, externalLinks } from '../../src/machines/externalLinks';

describe('external links', () => {
  it('builds every link from the configured base, in the language of the interface', () => {
    const en = externalLinks('https://account.example.com', 'en');
    const fr = externalLinks('https://account.example.com', 'fr');
    expect(en.forgotPassword).toBe('https://account.example.com/en/forgot-password');
    expect(fr.forgotPassword).toBe('https://account.example.com/fr/mot-de-passe-oublie');
    expect(en.selectPlan).toBe('https://account.example.com/en/pricing');
    expect(fr.selectPlan).toBe('https://account.example.com/fr/tarifs');
    expect(fr.privacy).toBe('https://account.example.com/fr/politique-de-confidentialite');
    expect(en.terms).toBe('https://account.example.com/en/terms-of-use');
    expect(en.website).toBe('https://account.example.com/en/');
  });

  it('differs in French for every link but the website root', () => {
    const en = externalLinks('https://a.test', 'en');
    const fr = externalLinks('https://a.test', 'fr');
    for (const kind of Object.keys(en) as (keyof typeof en)[]) {
      expect(fr[kind].startsWith('https://a.test/fr/')).toBe(true);
      expect(en[kind].startsWith('https://a.test/en/')).toBe(true);
      if (kind !== 'website') expect(fr[kind].slice('https://a.test/fr/'.length)).not.toBe(en[kind].slice('https://a.test/en/'.length));
    }
  });

  it('tolerates trailing slashes and spaces in the base, and a base with a path', () => {
    expect(externalLink(' https://a.test/// ', 'en', 'account')).toBe('https://a.test/en/account');
    expect(externalLink('https://a.test/site/', 'fr', 'account')).toBe('https://a.test/site/fr/compte');
  });
});
