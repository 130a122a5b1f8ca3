/** English: the notes of a model's conversion, part of `./index.ts`. */
export const conversion = {
  title: 'Conversion notes',
  intro: 'The model was converted. Please note:',
  notes: {
    texture_missing: 'The picture "{file:string}" used by the model was not in the upload; its parts are shown in plain colour. Upload a .zip holding the model and its pictures.',
    dxf_flat_drawing: 'This DXF drawing has no faces, only lines: it is shown as a flat drawing.',
    dxf_units_assumed: 'This DXF file does not state its unit; its lengths were read in {unit:string}.',
  },
};
