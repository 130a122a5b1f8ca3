/**
 * Which files of a package a model needs beside itself: only those it names. A COLLADA file names
 * its pictures in `<init_from>` (1.4) or `<init_from><ref>` (1.5); the other formats read no
 * other file. Everything else in the archive is never inflated.
 */
import type { ModelFormat } from './detect.js';
import { decodeXml } from './xmlText.js';

/** Lower-case base names, as the importers look resources up. */
export function referencedResources(format: ModelFormat, model: Uint8Array): Set<string> {
  const names = new Set<string>();
  if (format !== 'dae') return names;
  const text = decodeXml(model);
  for (const match of text.matchAll(/<(init_from|ref)>\s*([^<]*?)\s*<\/\1>/g)) {
    const name = resourceBaseName(match[2]);
    if (name) names.add(name);
  }
  return names;
}

function resourceBaseName(reference: string): string {
  let path = reference;
  try {
    path = decodeURIComponent(reference);
  } catch {
    /* kept as written */
  }
  return path.split(/[\\/]/).pop()!.toLowerCase();
}
