/**
 * Links to the account-management site (SPEC §2): built from the runtime-configured base URL,
 * with French paths in French.
 */
import type { Language } from '../api/schemas';

export type ExternalLinkKind =
  | 'website'
  | 'account'
  | 'forgotPassword'
  | 'freeTrial'
  | 'createAccount'
  | 'subscriptions'
  | 'selectPlan'
  | 'privacy'
  | 'terms';

const PATHS: Record<Language, Record<ExternalLinkKind, string>> = {
  en: {
    website: '',
    account: 'account',
    forgotPassword: 'forgot-password',
    freeTrial: 'free-trial',
    createAccount: 'sign-up',
    subscriptions: 'subscriptions',
    selectPlan: 'pricing',
    privacy: 'privacy-policy',
    terms: 'terms-of-use',
  },
  fr: {
    website: '',
    account: 'compte',
    forgotPassword: 'mot-de-passe-oublie',
    freeTrial: 'essai-gratuit',
    createAccount: 'inscription',
    subscriptions: 'abonnements',
    selectPlan: 'tarifs',
    privacy: 'politique-de-confidentialite',
    terms: 'conditions-d-utilisation',
  },
};

/** The avatar service where users change their profile image. */
export const AVATAR_SERVICE_URL = 'https://gravatar.com/';

export type ExternalLinks = Record<ExternalLinkKind, string>;

export function externalLink(baseUrl: string, language: Language, kind: ExternalLinkKind): string {
  const base = baseUrl.trim().replace(/\/+$/, '');
  return `${base}/${language}/${PATHS[language][kind]}`;
}

export function externalLinks(baseUrl: string, language: Language): ExternalLinks {
  const kinds = Object.keys(PATHS.en) as ExternalLinkKind[];
  return Object.fromEntries(kinds.map((k) => [k, externalLink(baseUrl, language, k)])) as ExternalLinks;
}
