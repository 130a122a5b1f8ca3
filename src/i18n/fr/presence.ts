/** French: presenting live and who has the link open; part of `./index.ts`. */
import type { Translation } from '../i18n-types';

export const presence = {
  region: 'Qui est là',
  here: '{count} ici',
  you: 'vous',
  guest: 'Invité {n}',
  owner: 'Propriétaire',
  present: 'Présenter',
  stopPresenting: 'Arrêter la présentation',
  presenting: 'Vous présentez',
  followers: '{count} vous sui{{t|vent}}',
  following: 'Vous suivez {name}',
  stopFollowing: 'Ne plus suivre',
  followAgain: 'Suivre à nouveau',
  presenterFallback: 'le présentateur',
  presents: 'présente',
  follows: 'suit',
  point: 'Montrer',
  pointing: 'Touchez le modèle pour montrer',
  pointOf: '{name} montre ici',
  refused: {
    notAllowed: 'Seul le propriétaire peut présenter.',
    tooLarge: 'Ce message était trop long ; la présence s’est arrêtée.',
    tooFast: 'Trop de messages ; certains ont été ignorés.',
    full: 'Trop de personnes ont ouvert ce lien pour afficher qui est là.',
    badMessage: 'Le serveur n’a pas pu lire un message.',
    notFound: 'La présence n’est pas disponible pour ce lien.',
    unpublished: 'Le lien n’est plus partagé : la présentation est terminée.',
  },
  reconnecting: 'Reconnexion…',
} satisfies Translation['presence'];
