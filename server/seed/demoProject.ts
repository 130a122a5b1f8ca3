/**
 * The sample project of the demo account, made on first start: a generated 120-part kitchen written
 * as COLLADA and converted by the real conversion pool, like an upload. It is a gift: it spends none
 * of the demo plan's credits, and it starts with the plan's free updates so that updating can be
 * tried at once. main.ts runs this in the background after the server listens.
 */
import { generateAssembly } from '../../samples/generate';
import { writeSample } from '../../samples/writers/index';
import type { Converter } from '../convert/converter';
import type { Db } from '../db/database';
import { allowanceOfNewProject } from '../domain/credits';
import { commitNewProject } from '../domain/revisionCommit';
import type { BlobStore } from '../storage/blobStore';
import { DEMO_PLAN } from './demoAccount';

export const DEMO_PROJECT = { name: 'Sample kitchen', fileName: 'sample-kitchen.dae', parts: 120, seed: 1 } as const;

interface DemoProjectContext {
  db: Db;
  blobs: BlobStore;
  converter: Converter;
  userId: number;
  nowSeconds: number;
  signal?: AbortSignal;
}

/** Creates the demo user's sample project and returns its id. */
export async function seedDemoProject(context: DemoProjectContext): Promise<number> {
  const bytes = await writeSample(generateAssembly({ parts: DEMO_PROJECT.parts, seed: DEMO_PROJECT.seed }), 'dae');
  const { glb, assets } = await context.converter.convert({ fileName: DEMO_PROJECT.fileName, bytes, signal: context.signal });
  context.signal?.throwIfAborted();
  const project = await commitNewProject(
    { db: context.db, blobs: context.blobs },
    {
      ownerId: context.userId,
      name: DEMO_PROJECT.name,
      nowSeconds: context.nowSeconds,
      model: { glb, assets, original: { fileName: DEMO_PROJECT.fileName, bytes } },
      payment: { kind: 'gift', allowance: allowanceOfNewProject({ maxUpdatePerCredit: DEMO_PLAN.updatesPerCredit }) },
    },
  );
  return project.id;
}
