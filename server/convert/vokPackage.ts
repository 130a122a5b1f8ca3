/**
 * The product's own package, `.vok`: a ZIP holding `manifest.json`, one model file and its
 * resources (textures). See docs/formats.md.
 *
 *   { "formatVersion": 1, "name": "Kitchen A", "units": "mm", "model": "model.glb" }
 *
 * `units` ("mm" or "in") is the distance unit the project is shown in, and the length unit of
 * a model file that states none (a DXF without $INSUNITS). `model` names the model file; when
 * absent, the package's single model file is used.
 */
import { zipSync, type Zippable } from 'fflate';
import { z } from 'zod';
import { conversionErrors } from './errors.js';

const VOK_FORMAT_VERSION = 1;
export const VOK_MANIFEST = 'manifest.json';

const vokManifestSchema = z.object({
  formatVersion: z.number().int().positive(),
  name: z.string().min(1).max(200),
  units: z.enum(['mm', 'in']),
  model: z.string().min(1).optional(),
});

type VokManifest = z.infer<typeof vokManifestSchema>;

export function parseVokManifest(bytes: Uint8Array | undefined): VokManifest {
  if (!bytes) throw conversionErrors.vokNoManifest();
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder('utf-8').decode(bytes));
  } catch {
    throw conversionErrors.vokBadManifest('it is not valid JSON');
  }
  const version = (json as { formatVersion?: unknown } | null)?.formatVersion;
  if (typeof version === 'number' && version > VOK_FORMAT_VERSION) throw conversionErrors.vokVersion(version);
  const parsed = vokManifestSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw conversionErrors.vokBadManifest(`${issue.path.join('.') || 'manifest'}: ${issue.message}`);
  }
  return parsed.data;
}

interface VokContent {
  name: string;
  units: 'mm' | 'in';
  model: { fileName: string; bytes: Uint8Array };
  /** Textures and other files the model refers to, by path inside the package. */
  resources?: Record<string, Uint8Array>;
}

/** Writes a .vok package (used by the project export and the sample generator). */
export function writeVok(content: VokContent): Uint8Array {
  const manifest: VokManifest = { formatVersion: VOK_FORMAT_VERSION, name: content.name, units: content.units, model: content.model.fileName };
  const files: Zippable = {
    [VOK_MANIFEST]: new TextEncoder().encode(`${JSON.stringify(manifest, null, 2)}\n`),
    [content.model.fileName]: content.model.bytes,
  };
  for (const [path, bytes] of Object.entries(content.resources ?? {})) files[path] = bytes;
  return zipSync(files, { level: 6, mtime: new Date('2025-01-01T00:00:00Z') });
}
