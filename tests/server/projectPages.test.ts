/**
 * The project list in pages against the whole list, through the real server: every search, step
 * filter and sort the screen offers, paged in small pages, gives the whole list's projects in the
 * order an independent rule says (written here again, not taken from the product); a change between
 * two pages repeats and hides nothing it did not touch; pages revalidate with 304; a bad cursor or
 * limit is a 400; the plain list still answers the whole array.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectPageSchema, type ProjectPage } from '../../src/api/projectPages';
import { projectListSchema, STAGES, type Project } from '../../src/api/schemas';
import { API_BASE } from '../../server/config';
import { call } from './helpers/http';
import { addProject, addUser, type TestUser } from './helpers/projectFixtures';
import { startTestServer, type TestServer } from './helpers/testServer';

const NAMES = ['Chêne massif', 'chene clair', 'Cuisine 2', 'Cuisine 10', 'cuisine 1', 'École', 'Ecole bis', 'Bureau', 'bureau', 'Œuvre', 'oeuvre', 'Zinc', 'Ärmel', 'armoire'];

let server: TestServer;
let owner: TestUser;

async function get(path: string, headers: Record<string, string> = {}) {
  return call(server.baseUrl, `${API_BASE}/projects${path}`, { token: owner.token, headers });
}

async function allPages(params: Record<string, string>, limit: number): Promise<Project[]> {
  const seen: Project[] = [];
  let cursor: string | null = null;
  for (let guard = 0; guard < 200; guard += 1) {
    const query = new URLSearchParams({ ...params, limit: String(limit), ...(cursor ? { cursor } : {}) });
    const response = await get(`?${query}`);
    expect(response.status).toBe(200);
    const page: ProjectPage = projectPageSchema.parse(response.json);
    expect(page.items.length).toBeLessThanOrEqual(limit);
    seen.push(...page.items);
    cursor = page.nextCursor;
    if (!cursor) return seen;
  }
  throw new Error('the pages never ended');
}

/** The screen's rule, written again: accents, case and œ/æ ignored in the search; names compared as a person reads them. */
const fold = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/œ/g, 'oe').replace(/æ/g, 'ae');
function expected(all: Project[], q: { search?: string; stage?: string; sort?: string; reversed?: string }): number[] {
  const kept = all.filter((p) => (!q.search || fold(p.name).includes(fold(q.search))) && (!q.stage || q.stage === 'all' || p.currentStage === q.stage));
  const names = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });
  kept.sort((a, b) => {
    const primary = q.sort === 'name' ? names.compare(a.name, b.name) : b.modificationDate.getTime() - a.modificationDate.getTime();
    return primary || b.id - a.id;
  });
  if (q.reversed === 'true') kept.reverse();
  return kept.map((p) => p.id);
}

describe('the project list in pages', () => {
  beforeAll(async () => {
    server = await startTestServer();
    owner = await addUser(server, 'Paula Pages');
    for (let i = 0; i < 60; i += 1) {
      const project = await addProject(server, owner.user.id, { name: `${NAMES[i % NAMES.length]}${i >= NAMES.length ? ` ${Math.floor(i / NAMES.length)}` : ''}`, stage: STAGES[i % STAGES.length], withModel: false });
      // Dates spread, with ties (every third pair shares one): the id decides a tie.
      await server.database.db.updateTable('projects').set({ modification_date: 1_700_000_000 + Math.floor(i / 2) * 3600 }).where('id', '=', project.id).execute();
    }
  }, 60_000);
  afterAll(async () => server?.close());

  const whole = async () => projectListSchema.parse((await get('')).json);

  it('the plain list still answers the whole array', async () => {
    expect(await whole()).toHaveLength(60);
  });

  const queries: Record<string, string>[] = [
    {},
    { sort: 'name' },
    { sort: 'name', reversed: 'true' },
    { sort: 'date', reversed: 'true' },
    { stage: 'approval' },
    { search: 'chene' },
    { search: 'ECOLE', sort: 'name' },
    { search: 'oeuvre', stage: 'all', sort: 'name', reversed: 'true' },
    { search: 'cuisine', stage: STAGES[2] },
    { search: 'nothing like it' },
  ];
  for (const query of queries) {
    it(`pages of 7 give the whole list's projects in order: ${JSON.stringify(query)}`, async () => {
      const all = await whole();
      const paged = await allPages(query, 7);
      expect(paged.map((p) => p.id)).toEqual(expected(all, query));
      // Each page item is the project as the whole list has it.
      for (const item of paged) expect(item).toEqual(all.find((p) => p.id === item.id));
      const first = projectPageSchema.parse((await get(`?${new URLSearchParams({ ...query, limit: '7' })}`)).json);
      expect(first.total).toBe(expected(all, query).length);
      // However narrow the search and filter, the owner's whole count beside it.
      expect(first.all).toBe(all.length);
    });
  }

  it('a change between two pages repeats and hides nothing it did not touch', async () => {
    const before = expected(await whole(), { sort: 'name' });
    const first = projectPageSchema.parse((await get('?limit=10&sort=name')).json);
    // One project of the next pages renamed to the front, and one of the first page deleted.
    const moved = before[30];
    expect((await call(server.baseUrl, `${API_BASE}/projects/${moved}`, { method: 'PATCH', token: owner.token, body: { name: 'AAA first now' } })).status).toBe(204);
    const gone = before[3];
    expect((await call(server.baseUrl, `${API_BASE}/projects/${gone}`, { method: 'DELETE', token: owner.token })).status).toBe(204);
    const rest: number[] = [];
    let cursor = first.nextCursor;
    while (cursor) {
      const page = projectPageSchema.parse((await get(`?${new URLSearchParams({ limit: '10', sort: 'name', cursor })}`)).json);
      rest.push(...page.items.map((p) => p.id));
      cursor = page.nextCursor;
    }
    const seen = [...first.items.map((p) => p.id), ...rest];
    expect(new Set(seen).size).toBe(seen.length);
    for (const id of before.slice(10)) if (id !== moved) expect(rest).toContain(id);
  });

  it('a page revalidates with 304 while the list is unchanged, and changes its tag with the query', async () => {
    const page = await get('?limit=5&sort=name');
    const tag = page.headers.get('etag') as string;
    expect(tag).toMatch(/^W\//);
    expect(page.headers.get('cache-control')).toBe('private, no-cache');
    expect((await get('?limit=5&sort=name', { 'if-none-match': tag })).status).toBe(304);
    const other = await get('?limit=5&sort=date', { 'if-none-match': tag });
    expect(other.status).toBe(200);
    expect(other.headers.get('etag')).not.toBe(tag);
  });

  it('refuses a bad cursor, limit, stage or sort with a 400', async () => {
    for (const bad of ['?limit=0', '?limit=201', '?limit=abc', '?limit=5&cursor=not-a-cursor', '?limit=5&stage=nowhere', '?limit=5&sort=size', '?limit=5&reversed=maybe']) {
      const response = await get(bad);
      expect(response.status, bad).toBe(400);
    }
  });

  it("never shows another owner's projects", async () => {
    const other = await addUser(server, 'Otto Other');
    await addProject(server, other.user.id, { name: 'Chêne of Otto', withModel: false });
    const mine = await allPages({ search: 'otto' }, 5);
    expect(mine).toEqual([]);
    // Otto's count is his one project; ours does not grow with his.
    const his = projectPageSchema.parse((await call(server.baseUrl, `${API_BASE}/projects?limit=5`, { token: other.token })).json);
    expect([his.total, his.all]).toEqual([1, 1]);
    const ours = projectPageSchema.parse((await get('?limit=5&search=otto')).json);
    expect([ours.total, ours.all]).toEqual([0, (await whole()).length]);
  });
});
