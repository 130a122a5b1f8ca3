/** Path parameters. A malformed one answers the same 404 as an unknown one: there is nothing at that path. */
import { isAccessKeyShape } from '../domain/accessKeys';
import { notFound } from './errors';

const MAX_ID = 2_147_483_647;

/** A positive integer id as both databases store it, or a 404. */
export function parseId(value: unknown, what = 'Not found.'): number {
  if (typeof value !== 'string' || !/^[1-9][0-9]{0,9}$/.test(value)) throw notFound(what);
  const id = Number(value);
  if (id > MAX_ID) throw notFound(what);
  return id;
}

/** The one answer of every access-key route for an unknown, unpublished or deleted project. */
export const SHARED_NOT_FOUND = 'No shared project at this address.';

export function parseAccessKey(value: unknown): string {
  if (!isAccessKeyShape(value)) throw notFound(SHARED_NOT_FOUND);
  return value;
}
