/**
 * assimp names COLLADA nodes after their `id` (it cannot be told to use `name` through assimpjs),
 * and a node without an id after a counter (`$ColladaAutoName$_0`). So before assimp reads the
 * document, every `<node>` without an id gets one of ours, and the names are read back from the
 * document: assimp's node name -> the node's `name` (XML entities decoded), and each geometry's id
 * -> its name (assimp names meshes after the geometry id).
 */
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeXmlText(text: string): string {
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

interface ColladaNames {
  /** The document with an id on every node, as assimp is given it. */
  text: string;
  /** assimp's node name -> the node's own `name`; absent: the node has none (or an empty one). */
  nodes: Map<string, string>;
  /** assimp's mesh name (the geometry id) -> the geometry's `name`. */
  geometries: Map<string, string>;
}

const OWN_ID_PREFIX = 'vok-node-';

export function prepareColladaNames(xml: string): ColladaNames {
  const nodes = new Map<string, string>();
  const geometries = new Map<string, string>();
  for (const match of xml.matchAll(/<geometry\b[^>]*>/g)) {
    const id = attribute(match[0], 'id');
    const name = attribute(match[0], 'name')?.trim();
    if (id !== undefined && name) geometries.set(id, name);
  }
  let counter = 0;
  const text = xml.replace(/<node\b[^>]*>/g, (tag) => {
    let id = attribute(tag, 'id');
    let out = tag;
    if (id === undefined) {
      id = `${OWN_ID_PREFIX}${counter++}`;
      out = `<node id="${id}"${tag.slice(5)}`;
    }
    const name = attribute(tag, 'name')?.trim();
    if (name && !nodes.has(id)) nodes.set(id, attribute(tag, 'name')!);
    return out;
  });
  return { text, nodes, geometries };
}
