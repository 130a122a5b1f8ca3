/**
 * Every reason a file cannot become a model, with the message shown to the user
 * (the upload sockets send `error.message` as is).
 */
type ConversionErrorCode =
  | 'empty_file'
  | 'too_large'
  | 'unsupported_extension'
  | 'executable'
  | 'content_mismatch'
  | 'broken_file'
  | 'empty_model'
  | 'unreadable_geometry'
  | 'step_external_references'
  | 'zip_too_many_entries'
  | 'zip_too_large'
  | 'zip_ratio'
  | 'zip_overlapping_entries'
  | 'zip_unsafe_path'
  | 'zip_symlink'
  | 'zip_encrypted'
  | 'zip_no_model'
  | 'zip_several_models'
  | 'vok_no_manifest'
  | 'vok_bad_manifest'
  | 'vok_missing_model'
  | 'vok_version'
  | 'cancelled'
  | 'timeout'
  | 'out_of_memory'
  | 'internal';

export class ConversionError extends Error {
  override readonly name = 'ConversionError';
  constructor(
    readonly code: ConversionErrorCode,
    message: string,
  ) {
    super(message);
  }
}

const SUPPORTED_LIST = '.vok, .zip, .dae, .dxf, .igs, .iges, .stp or .step';
const MODEL_LIST = '.dae, .dxf, .igs, .iges, .stp or .step';
const mb = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

function duration(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  const seconds = Math.max(1, Math.round(ms / 1000));
  return ms >= 60_000 ? `${minutes} minute${minutes === 1 ? '' : 's'}` : `${seconds} second${seconds === 1 ? '' : 's'}`;
}

const fail = (code: ConversionErrorCode, message: string) => new ConversionError(code, message);

export const conversionErrors = {
  emptyFile: (fileName: string) => fail('empty_file', `The file "${fileName}" is empty.`),
  tooLarge: (size: number, max: number) =>
    fail('too_large', `The file is too large (${mb(size)}). The maximum size is ${mb(max)}.`),
  unsupportedExtension: (fileName: string) =>
    fail('unsupported_extension', `The file "${fileName}" is not a supported model. Upload a ${SUPPORTED_LIST} file.`),
  executable: (fileName: string) =>
    fail('executable', `The file "${fileName}" is a program, not a 3D model. Upload a ${SUPPORTED_LIST} file.`),
  contentMismatch: (fileName: string, format: string) =>
    fail(
      'content_mismatch',
      `The file "${fileName}" does not contain ${format} data. Export it again from your design software and upload it unchanged.`,
    ),
  brokenFile: (fileName: string, format: string) =>
    fail('broken_file', `The ${format} file "${fileName}" is damaged or incomplete and could not be read. Export it again and upload it unchanged.`),
  unreadableGeometry: (fileName: string) =>
    fail(
      'unreadable_geometry',
      `The file "${fileName}" holds surfaces or solids that could not be turned into a model. Try exporting it again, with simpler surfaces or as separate parts.`,
    ),
  emptyModel: (fileName: string) =>
    fail('empty_model', `The file "${fileName}" contains no 3D geometry. Check that your export includes the parts and upload it again.`),
  stepExternalReferences: (fileName: string) =>
    fail(
      'step_external_references',
      `The STEP file "${fileName}" only refers to parts stored in other files. Export the assembly as one single STEP file and upload it again.`,
    ),
  zipTooManyEntries: (max: number) =>
    fail('zip_too_many_entries', `The archive holds too many files (the maximum is ${max}). Keep only the model and its textures.`),
  zipTooLarge: (max: number) =>
    fail('zip_too_large', `The archive is too large once unpacked (the maximum is ${mb(max)}). Keep only the model and its textures.`),
  zipRatio: (path: string, max: number) =>
    fail('zip_ratio', `The archive entry "${path}" is compressed more than ${max} to 1 and was refused as unsafe. Pack the model again with ordinary compression.`),
  zipRatioOverall: (max: number) =>
    fail('zip_ratio', `The archive is compressed more than ${max} to 1 overall and was refused as unsafe. Pack the model again with ordinary compression.`),
  zipEntryTooLarge: (path: string, max: number) =>
    fail('zip_too_large', `The archive entry "${path}" is too large once unpacked (the maximum is ${mb(max)}). Keep only the model and its textures.`),
  zipOverlapping: () =>
    fail('zip_overlapping_entries', 'The archive has entries that share the same data, which is not allowed. Pack the files again with an ordinary zip tool.'),
  zipResourcesTooLarge: (max: number) =>
    fail('zip_too_large', `The textures the model uses are too large together (the maximum is ${mb(max)}). Use smaller pictures.`),
  zipUnsafePath: (path: string) =>
    fail('zip_unsafe_path', `The archive contains an unsafe path "${path}". Pack the files again with paths inside the archive.`),
  zipSymlink: (path: string) =>
    fail('zip_symlink', `The archive contains a symbolic link "${path}", which is not allowed. Pack the real files instead.`),
  zipEncrypted: () => fail('zip_encrypted', 'The archive is password-protected. Upload an archive without a password.'),
  zipNoModel: () => fail('zip_no_model', `The archive contains no supported model. Put one ${MODEL_LIST} file in it.`),
  zipSeveralModels: (names: string[]) =>
    fail('zip_several_models', `The archive contains several models (${names.join(', ')}). Put only one model in it.`),
  vokNoManifest: () => fail('vok_no_manifest', 'The .vok package has no manifest.json at its root.'),
  vokBadManifest: (detail: string) => fail('vok_bad_manifest', `The .vok package has an invalid manifest.json: ${detail}.`),
  vokMissingModel: (path: string) => fail('vok_missing_model', `The .vok package does not contain its model file "${path}".`),
  vokVersion: (version: number) =>
    fail('vok_version', `The .vok package uses format version ${version}, which this server cannot read (supported: 1).`),
  cancelled: () => fail('cancelled', 'The conversion was cancelled.'),
  timeout: (ms: number) =>
    fail('timeout', `The conversion took longer than ${duration(ms)} and was stopped. Try a smaller model, or export it with fewer details.`),
  outOfMemory: (fileName: string, maxMb: number) =>
    fail(
      'out_of_memory',
      `The conversion of "${fileName}" needed more than ${maxMb} MB of memory and was stopped. Try a smaller model, or export it with fewer details.`,
    ),
  internal: (fileName: string) =>
    fail('internal', `The file "${fileName}" could not be converted. Try exporting it again, or in another supported format.`),
};
