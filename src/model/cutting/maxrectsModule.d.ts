/**
 * maxrects-packer's package names a UMD file as its `main` while declaring itself an ES module, so
 * Node cannot load it by name; its ES build is imported by path, typed as the package.
 */
declare module 'maxrects-packer/dist/maxrects-packer.mjs' {
  export * from 'maxrects-packer/dist/index';
}
