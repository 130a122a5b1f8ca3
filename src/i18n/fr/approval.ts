/** French: the client's approval of a revision through the link, and what the owner sees of it; part of `./index.ts`. */
import type { Translation } from '../i18n-types';

export const approval = {
  approve: 'Approuver',
  approveRevision: 'Approuver la révision {n}',
  title: 'Approuver pour la production',
  description: 'Vous approuvez la révision {n} de {project} pour la production.',
  name: 'Votre nom',
  tooLong: '{max} caractères au maximum.',
  sending: 'Envoi de votre approbation…',
  approvedOn: 'Approuvé par {name} le {date}',
  withOptions: 'Avec {choices} : {total}',
  approvedChoices: 'Approuvé : {choices}, {total}',
  failures: {
    revisionChanged: 'Le modèle a changé depuis que vous l’avez ouvert. Rechargez la page pour voir la nouvelle révision avant de l’approuver.',
    notAwaiting: 'Ce projet n’attend plus d’approbation.',
    unavailable: 'Ce lien ne propose plus l’approbation.',
    linkGone: 'Ce lien n’est plus disponible.',
    other: 'Votre approbation n’a pas pu être envoyée. Veuillez réessayer.',
    noNote: 'Épinglez d’abord une note sur le modèle qui dit quoi changer, puis demandez des modifications.',
  },
  askForChanges: 'Demander des modifications',
  changesTitle: 'Demander des modifications',
  changesDescription: 'Vous demandez des modifications à la révision {n} de {project}. Vos notes disent au fabricant quoi changer.',
  changesSending: 'Envoi de votre demande…',
  reload: 'Recharger',
  approvedBy: 'Approuvé par {name}, {date}, révision {n}',
  approved: 'Approuvé',
  approvedTitle: 'Approuvé par {name}',
  approvedEarlier: 'Révision {approved} approuvée par {name}, {date} ; révision actuelle {current}',
  approvedEarlierShort: 'Approuvé rév. {approved} · actuelle {current}',
} satisfies Translation['approval'];
