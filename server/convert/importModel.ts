/**
 * From a checked file to the scene form: picks the importer for the format, unpacks ZIP and
 * VOK packages (one model plus its resources) and reports progress.
 */
import { activityText } from '../../src/api/conversionActivity.js';
import { FORMAT_BY_EXTENSION, extensionOf, looksLike, FORMAT_LABEL, type ModelFormat } from './detect.js';
import { conversionErrors } from './errors.js';
import { importDae } from './importers/assimpImporter.js';
import { importDxf } from './importers/dxfImporter.js';
import { importGlb } from './importers/glbImporter.js';
import { importWithOcct } from './importers/occtImporter.js';
import type { SceneModel } from './scene.js';
import { referencedResources } from './packageResources.js';
import { parseVokManifest, VOK_MANIFEST } from './vokPackage.js';
import { readZip, DEFAULT_ZIP_LIMITS, type ZipEntry, type ZipLimits } from './zipArchive.js';

export type { ProgressCallback } from './progress.js';
import type { ProgressCallback } from './progress.js';

interface ImportOptions {
  onProgress?: ProgressCallback;
  zipLimits?: ZipLimits;
  defaultUnit?: 'mm' | 'in';
  /** Threads one conversion may use (STEP assemblies are read on all of them). */
  threads?: number;
  memoryLimitMb?: number;
}

const MODEL_FORMATS: ModelFormat[] = ['step', 'iges', 'dae', 'dxf'];
const IGNORED = /(^|\/)(__MACOSX\/|\.DS_Store$|Thumbs\.db$)/;

function baseName(path: string): string {
  return path.split('/').pop()!.toLowerCase();
}

async function importSingle(format: ModelFormat, fileName: string, bytes: Uint8Array, resources: Map<string, Uint8Array>, options: ImportOptions): Promise<SceneModel> {
  const label = FORMAT_LABEL[format];
  options.onProgress?.(0.1, activityText({ step: 'reading', format: label }));
  switch (format) {
    case 'step':
    case 'iges':
      return importWithOcct(format, fileName, bytes, options);
    case 'dae':
      return importDae(fileName, bytes, resources);
    case 'dxf':
      return importDxf(fileName, bytes, { defaultUnit: options.defaultUnit });
    default:
      throw conversionErrors.unsupportedExtension(fileName);
  }
}

async function importPackage(kind: 'zip' | 'vok', fileName: string, bytes: Uint8Array, options: ImportOptions): Promise<SceneModel> {
  options.onProgress?.(0.02, activityText({ step: 'unpacking' }));
  const entries = readZip(bytes, fileName, options.zipLimits ?? DEFAULT_ZIP_LIMITS).filter((e) => !IGNORED.test(e.path));
  let defaultUnit = options.defaultUnit;
  let model: ZipEntry | undefined;
  if (kind === 'vok') {
    const manifest = parseVokManifest(entries.find((e) => e.path === VOK_MANIFEST)?.read());
    defaultUnit = manifest.units;
    if (manifest.model) {
      model = entries.find((e) => e.path === manifest.model);
      if (!model) throw conversionErrors.vokMissingModel(manifest.model);
    }
  }
  if (!model) {
    const allowed = kind === 'vok' ? [...MODEL_FORMATS, 'glb'] : MODEL_FORMATS;
    const models = entries.filter((e) => {
      const ext = extensionOf(e.path);
      return allowed.includes(FORMAT_BY_EXTENSION[ext] ?? (ext === '.glb' ? 'glb' : ''));
    });
    if (models.length === 0) throw conversionErrors.zipNoModel();
    if (models.length > 1) throw conversionErrors.zipSeveralModels(models.map((m) => m.path));
    model = models[0];
  }
  const modelBytes = model.read();
  const ext = extensionOf(model.path);
  if (kind === 'vok' && ext === '.glb') return importGlb(model.path, modelBytes);
  const format = FORMAT_BY_EXTENSION[ext];
  if (!format || !MODEL_FORMATS.includes(format)) throw conversionErrors.zipNoModel();
  if (!looksLike(format, modelBytes)) throw conversionErrors.contentMismatch(model.path, FORMAT_LABEL[format]);
  const resources = readResources(entries, model, referencedResources(format, modelBytes), options.zipLimits ?? DEFAULT_ZIP_LIMITS);
  return importSingle(format, model.path, modelBytes, resources, { ...options, defaultUnit });
}

/** The entries the model names (one per base name), within the resource budget. */
function readResources(entries: ZipEntry[], model: ZipEntry, wanted: Set<string>, limits: ZipLimits): Map<string, Uint8Array> {
  const max = limits.maxResourceBytes ?? DEFAULT_ZIP_LIMITS.maxResourceBytes!;
  const resources = new Map<string, Uint8Array>();
  let total = 0;
  for (const entry of entries) {
    const name = baseName(entry.path);
    if (entry === model || entry.path === VOK_MANIFEST || !wanted.has(name) || resources.has(name)) continue;
    total += entry.size;
    if (total > max) throw conversionErrors.zipResourcesTooLarge(max);
    resources.set(name, entry.read());
  }
  return resources;
}

export function importModel(format: ModelFormat, fileName: string, bytes: Uint8Array, options: ImportOptions = {}): Promise<SceneModel> {
  if (format === 'zip' || format === 'vok') return importPackage(format, fileName, bytes, options);
  return importSingle(format, fileName, bytes, new Map(), options);
}
