/** French: the notes of a model's conversion, part of `./index.ts`. */
import type { Translation } from '../i18n-types';

export const conversion = {
  title: 'Notes de conversion',
  intro: 'Le modèle a été converti. À noter :',
  notes: {
    texture_missing: 'L’image « {file} » utilisée par le modèle ne faisait pas partie de l’envoi ; ses pièces sont affichées en couleur unie. Envoyez un .zip contenant le modèle et ses images.',
    dxf_flat_drawing: 'Ce dessin DXF n’a aucune face, seulement des lignes : il est affiché comme un dessin à plat.',
    dxf_units_assumed: 'Ce fichier DXF n’indique pas son unité ; ses longueurs ont été lues en {unit}.',
  },
} satisfies Translation['conversion'];
