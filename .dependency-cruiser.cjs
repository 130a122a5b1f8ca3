/**
 * Layer boundaries (DESIGN "The house"): imports flow one way.
 *   ui -> machines -> api;  ui -> engine only through the canvas host;  main.tsx wires all.
 *   machines: no React, no Babylon, no engine, no ui, no HTTP library, no texts (i18n).
 *   engine:   no machines, no ui, no React, no XState, not the wire contract (src/api): its shared rules are in src/model.
 *   server:   nothing of src/ but src/api and src/model; samples/ only from server/seed.
 *             server/http and server/jobs both call server/domain (the revision commit, the upload
 *             messages, the job contract), never each other; server/domain imports neither.
 *   model:    a leaf every layer may import (pure rules and words shared by views, first frame, engine).
 *   firstFrame (a link's first script, its plain-WebGL drawing, opening view and orbit): engine, api and
 *             model only; a script of its own, so nothing else imports it (it hands over to the engine
 *             through engine/load/firstFrameHandoff.ts).
 *   sw (the service worker): api and model only.
 *   samples (the generated test models): server/convert's writers, nothing of the app.
 */
module.exports = {
  forbidden: [
    {
      name: 'machines-not-to-react-or-babylon',
      severity: 'error',
      comment: 'Machines are pure: no React, no Babylon, no fetch library.',
      from: { path: '^src/machines/' },
      to: { path: ['node_modules/(react|react-dom|@babylonjs|@xstate/react|ky)/', '^(react|react-dom|@babylonjs/.*|@xstate/react|ky)$'] },
    },
    {
      name: 'machines-not-to-engine-or-ui',
      severity: 'error',
      from: { path: '^src/machines/' },
      to: { path: '^src/(engine|ui)/' },
    },
    {
      name: 'machines-not-to-i18n',
      severity: 'error',
      comment: 'Texts are the views\' business: machines hold message keys and numbers, views write them in the reader\'s language.',
      from: { path: '^src/machines/' },
      to: { path: '^src/i18n/' },
    },
    {
      name: 'engine-not-to-api',
      severity: 'error',
      comment: 'The engine draws: the rules it shares with the rest (part names, colours, units, the part tree) are in src/model, never the wire contract.',
      from: { path: '^src/engine/' },
      to: { path: '^src/api/' },
    },
    {
      name: 'engine-not-to-machines-ui-react-xstate',
      severity: 'error',
      comment: 'The engine is a framework-free facade.',
      from: { path: '^src/engine/' },
      to: { path: ['^src/(machines|ui)/', 'node_modules/(react|react-dom|xstate|@xstate)/', '^(react|react-dom|xstate|@xstate/.*)$'] },
    },
    {
      name: 'views-not-to-api',
      severity: 'error',
      comment: 'Views read machine state and send events; they never call the API.',
      from: { path: '^src/ui/' },
      to: { path: ['^src/api/', 'node_modules/ky/', '^ky$'] },
    },
    {
      name: 'views-not-to-engine-except-canvas-host',
      severity: 'error',
      from: { path: '^src/ui/', pathNot: '^src/ui/viewer/CanvasHost\\.tsx$' },
      to: { path: ['^src/engine/', 'node_modules/@babylonjs/', '^@babylonjs/'] },
    },
    {
      name: 'api-is-a-leaf',
      severity: 'error',
      from: { path: '^src/api/' },
      to: { path: ['^src/(machines|engine|ui|i18n)/', '^server/', 'node_modules/(react|react-dom|@babylonjs|xstate)/'] },
    },
    {
      name: 'server-only-src-api',
      severity: 'error',
      comment: 'The server shares the contract (src/api) and the model (src/model), nothing else of the client.',
      from: { path: '^server/' },
      to: { path: '^src/', pathNot: '^src/(api|model)/' },
    },
    {
      name: 'jobs-not-to-http',
      severity: 'error',
      comment: 'The conversion worker records revisions through server/domain (revisionCommit.ts), never through the HTTP layer.',
      from: { path: '^server/jobs/' },
      to: { path: '^server/http/' },
    },
    {
      name: 'http-not-to-jobs',
      severity: 'error',
      comment: 'The HTTP handlers know the queue by its contract (server/domain/conversionJobs.ts); main.ts hands them the pg-boss queue.',
      from: { path: '^server/http/' },
      to: { path: '^server/jobs/' },
    },
    {
      name: 'domain-not-to-http-or-jobs',
      severity: 'error',
      comment: 'server/domain is what http/ and jobs/ share: through it neither reaches the other.',
      from: { path: '^server/domain/' },
      to: { path: '^server/(http|jobs)/' },
    },
    {
      name: 'model-is-a-leaf',
      severity: 'error',
      from: { path: '^src/model/' },
      to: { path: ['^src/(api|machines|engine|ui|i18n|firstFrame|sw)/', '^server/', '^samples/', 'node_modules/(react|react-dom|@babylonjs|xstate|@xstate)/'] },
    },
    {
      name: 'first-frame-engine-api-model-only',
      severity: 'error',
      comment: "A link's first script runs before the app: it may use the engine's reader and programs, the contract and the model, never the app's views or machines.",
      from: { path: '^src/firstFrame/' },
      to: { path: ['^src/(ui|machines|i18n|sw)/', 'node_modules/(react|react-dom|xstate|@xstate)/', '^(react|react-dom|xstate|@xstate/.*)$'] },
    },
    {
      name: 'nothing-imports-the-first-frame',
      severity: 'error',
      comment: "A link's first script is built apart and runs before the app: the two share the page's global object (engine/load/firstFrameHandoff.ts), never a module.",
      from: { path: '^src/', pathNot: '^src/firstFrame/' },
      to: { path: '^src/firstFrame/' },
    },
    {
      name: 'service-worker-api-model-only',
      severity: 'error',
      from: { path: '^src/sw/' },
      to: { path: ['^src/(ui|machines|engine|firstFrame|i18n)/', 'node_modules/(react|react-dom|xstate|@xstate|@babylonjs)/'] },
    },
    {
      name: 'server-not-to-samples-but-seed',
      severity: 'error',
      comment: 'The generated test models are for tests, benches and the demo project: only the seed may use them.',
      from: { path: '^server/', pathNot: '^server/seed/' },
      to: { path: '^samples/' },
    },
    {
      name: 'samples-only-server-writers',
      severity: 'error',
      from: { path: '^samples/' },
      to: { path: ['^src/(ui|machines|engine|firstFrame|sw)/', '^server/(?!convert/)'] },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: { path: '^(src|server|samples)/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)dist/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'], extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'] },
    moduleSystems: ['es6', 'cjs'],
  },
};
