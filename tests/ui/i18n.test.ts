/** The dictionaries: SPEC texts verbatim in English, a complete French, the same parameters. */
import { describe, expect, it } from 'vitest';
import en from '../../src/i18n/en';
import fr from '../../src/i18n/fr';
import { i18nObject } from '../../src/i18n/i18n-util';
import { loadAllLocales } from '../../src/i18n/i18n-util.sync';

loadAllLocales();

type Tree = { [key: string]: string | Tree };
function leaves(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [[`${prefix}${k}`, v]] : leaves(v, `${prefix}${k}.`)));
}
const params = (text: string) => [...new Set([...text.matchAll(/(?<!\{)\{(\w+)(?::\w+)?\}/g)].map((m) => m[1]))].sort();

describe('dictionaries', () => {
  const english = new Map(leaves(en as unknown as Tree));
  const french = new Map(leaves(fr as unknown as Tree));

  it('have the same keys, no empty text, and the same parameters', () => {
    expect([...french.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, text] of english) {
      expect(text.trim(), key).not.toBe('');
      expect(params(french.get(key)!), key).toEqual(params(text));
    }
  });

  it('hold the texts of the spec verbatim in English', () => {
    const texts = new Set(english.values());
    for (const text of [
      'Email',
      'Log in',
      'Incorrect username or password.',
      'An active subscription is required.',
      'Select a plan',
      'An error occurred. Please try again later.',
      'Your session has expired',
      'New',
      'Pending approval',
      'Ready for production',
      'Production',
      'Installation',
      'Finished',
      'Initializing...',
      'Upload in progress...',
      'Conversion in progress...',
      'Loading model...',
      'Loading resources...',
      'Processing render modes...',
      'You need at least 1 character.',
      'Invalid characters.',
      // SPEC writes "occured": the text is spelt right (issue 48), the test below keeps it so.
      'An error occurred while loading your project.',
      'You have insufficient credits remaining in your subscription to proceed.',
      'You used all free updates for this project. The current update will cost you a credit from you subscription.',
      'Please note, any change will affect anyone with this link.',
      'Copy to clipboard',
      'Copied!',
      'More options',
      'My Subscriptions',
      'Modify subscription',
      'Continue',
      'Cancel',
      'Close',
      'Error',
      'Rename',
      'Update',
      'Share',
      'Delete',
      'Manage account',
      'Manage subscription',
      'Customization',
      'Replace',
      'Remove',
      'Guest',
      'Invalid response from server.',
      'Invalid message received from server.',
      'WebSocket error.',
      'WebSocket connection closed.',
    ]) {
      expect(texts.has(text), text).toBe(true);
    }
  });

  it('translate the parameterised texts of the spec', () => {
    const LL = i18nObject('en');
    expect(LL.dialogs.rename.maxCharacters({ max: 60 })).toBe('60 maximum characters');
    expect(LL.dialogs.delete.message({ name: 'Kitchen' })).toBe('Are you sure you wish to delete "Kitchen"?');
    expect(LL.dialogs.subscriptions.daysLeft({ days: 1 })).toBe('1 day left');
    expect(LL.dialogs.subscriptions.daysLeft({ days: 3 })).toBe('3 days left');
    const FR = i18nObject('fr');
    expect(FR.dialogs.delete.message({ name: 'Cuisine' })).toBe('Voulez-vous vraiment supprimer « Cuisine » ?');
    expect(FR.dialogs.subscriptions.projectsLeft({ left: 2, total: 5 })).toBe('2/5 projets restants');
    expect(FR.stages.approval()).toBe('En attente d’approbation');
  });

  it("keep the spec's odd wordings where the spec has them, and nowhere else", () => {
    // SPEC §2 and §5 write "Project infos" and "{max} maximum characters" for the project name; our
    // own texts are written correctly. Its misspelt "occured" is spelt right everywhere (issue 48).
    const specKeys: Record<string, string> = { infos: 'panels.project.infos', 'maximum characters': 'dialogs.rename.maxCharacters' };
    for (const [key, text] of english) {
      for (const [odd, specKey] of Object.entries(specKeys)) if (new RegExp(`\\b${odd}\\b`).test(text)) expect(key, text).toBe(specKey);
      expect(text, key).not.toMatch(/occured/i);
    }
    const LL = i18nObject('en');
    expect(LL.viewer.comments.tooLong({ max: 2000 })).toBe('At most 2000 characters.');
    expect(LL.viewer.hyperlinks.nameTooLong({ max: 200 })).toBe('At most 200 characters.');
  });

  it('translate into French everything but names and shared words', () => {
    const same = [...english].filter(([key, text]) => french.get(key) === text).map(([key]) => key);
    expect(same.sort()).toEqual(
      [
        'common.appName',
        'dialogs.message.title',
        'panels.project.version',
        'panels.user.logo',
        'stages.installation',
        'stages.production',
        'viewer.clipping.position',
        'viewer.measure.angle',
        'viewer.measure.distance',
        'viewer.measure.formats.mm',
        'viewer.measure.kinds.angle',
        'viewer.renderModes.illustration',
        'list.sortDate',
        'workshop.partsList.fraction',
        'revisions.changeKinds.dimensions',
        'cutting.group',
        'cutting.estimate.total',
        'cutting.settings.perM2',
        'review.tabs.notes',
      'review.title',
        'review.tools.rectangle',
        'quote.title',
        'workshop.quote.texture',
        'workshop.quote.addTexture',
      ].sort(),
    );
  });
});
