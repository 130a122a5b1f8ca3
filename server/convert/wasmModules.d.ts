// The Emscripten packages ship no types; their results are typed where they are read
// (importers/occtTypes.ts, importers/assimpImporter.ts).
declare module 'occt-import-js' {
  const factory: (options?: object) => Promise<unknown>;
  export default factory;
}
declare module 'assimpjs' {
  const factory: (options?: object) => Promise<unknown>;
  export default factory;
}
