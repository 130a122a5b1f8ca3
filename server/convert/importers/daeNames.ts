/**
 * assimp names COLLADA nodes after their `id` (it cannot be told to use `name` through assimpjs),
 * so the node names are read back from the document: id -> name, XML entities decoded.
 */
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export function decodeXmlText(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, entity: string) => {
    if (entity[0] !== '#') return ENTITIES[entity.toLowerCase()];
    const code = entity[1] === 'x' || entity[1] === 'X' ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
    return String.fromCodePoint(code);
  });
}

function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}\\s*=\\s*("([^"]*)"|'([^']*)')`).exec(tag);
  return match ? decodeXmlText(match[2] ?? match[3]) : undefined;
}

/** Maps each node id (and sid) to its name, for every `<node>` that has both. */
export function colladaNodeNames(xml: string): Map<string, string> {
  const names = new Map<string, string>();
  for (const match of xml.matchAll(/<node\b[^>]*>/g)) {
    const tag = match[0];
    const name = attribute(tag, 'name');
    if (name === undefined) continue;
    const id = attribute(tag, 'id') ?? attribute(tag, 'sid');
    if (id !== undefined && !names.has(id)) names.set(id, name);
  }
  return names;
}
