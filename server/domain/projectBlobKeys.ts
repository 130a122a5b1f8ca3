/**
 * Where a project's files live in the blob store. Each revision has its own folder, so a new
 * model never overwrites the one a viewer may be downloading, and deleting a project is deleting
 * one folder.
 */
export function projectFolder(projectId: number): string {
  return `projects/${projectId}`;
}

export function revisionFolder(projectId: number, revision: number): string {
  return `${projectFolder(projectId)}/r${revision}`;
}

/** The converted GLB of a revision. */
export function modelBlobKey(projectId: number, revision: number): string {
  return `${revisionFolder(projectId, revision)}/model.glb`;
}

/** The GLB precompressed once at conversion, served with Content-Encoding. */
export function encodedModelBlobKey(projectId: number, revision: number, encoding: 'br' | 'gzip'): string {
  return `${modelBlobKey(projectId, revision)}.${encoding === 'br' ? 'br' : 'gz'}`;
}

/** The revision's poster (WebP), rendered at conversion. */
export function posterBlobKey(projectId: number, revision: number): string {
  return `${revisionFolder(projectId, revision)}/poster.webp`;
}

/** The poster drawn small for the project cards (revisions made before it have none: the poster stands in). */
export function smallPosterBlobKey(projectId: number, revision: number): string {
  return `${revisionFolder(projectId, revision)}/poster-small.webp`;
}

/** The revision's files for AR viewers (server/convert/ar): a plain GLB and a USDZ, in metres on the floor. */
export function arBlobKey(projectId: number, revision: number, kind: 'glb' | 'usdz'): string {
  return `${revisionFolder(projectId, revision)}/ar.${kind}`;
}

/** One node's AR files (a cabinet alone), made on demand and kept with the revision: `node` is its glTF node index. */
export function arNodeBlobKey(projectId: number, revision: number, node: number, kind: 'glb' | 'usdz'): string {
  return `${revisionFolder(projectId, revision)}/ar/n${node}.${kind}`;
}

/** The nodes whose AR files a revision holds (a JSON array of node indices), which bounds how many it may hold. */
export function arNodeIndexBlobKey(projectId: number, revision: number): string {
  return `${revisionFolder(projectId, revision)}/ar/nodes.json`;
}

/** The machining of its panels (JSON, src/model/machining), read at conversion; revisions made before it have none. */
export function machiningBlobKey(projectId: number, revision: number): string {
  return `${revisionFolder(projectId, revision)}/machining.json`;
}

/** The uploaded original beside it; only a plain lower-case extension of the file name is kept. */
export function originalBlobKey(projectId: number, revision: number, fileName: string): string {
  const ext = /\.([A-Za-z0-9]{1,10})$/.exec(fileName)?.[1]?.toLowerCase();
  return `${revisionFolder(projectId, revision)}/original${ext ? `.${ext}` : ''}`;
}

/** A user's branding logo; `version` is random so a replaced logo never shares a key (or an ETag). */
export function logoBlobKey(userId: number, version: string): string {
  return `branding/${userId}/logo-${version}.png`;
}

/** A texture of the project's quote options (a random id of 32 hex digits), kept across revisions. */
export function quoteTextureBlobKey(projectId: number, texture: string): string {
  return `${projectFolder(projectId)}/textures/${texture}.jpg`;
}
