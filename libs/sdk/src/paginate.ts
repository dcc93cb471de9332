// Cursor-paged lists as async iterators: `for await (const order of paginate(api, path, { params }))`
// follows nextCursor, page after page, with the same parameters (an opaque cursor is bound to them).
import type { Client } from 'openapi-fetch';
import { toProblemError } from './problem-error';

type JsonOk<Operation> = Operation extends { responses: { 200: { content: { 'application/json': infer Body } } } } ? Body : never;
type GetOf<Paths, P extends keyof Paths> = Paths[P] extends { get: infer Operation } ? Operation : never;

/** The paths of `Paths` whose GET answers `{ items, nextCursor? }`. */
export type PagedPath<Paths> = {
  [P in keyof Paths]: JsonOk<GetOf<Paths, P>> extends { items: unknown[] } ? P : never;
}[keyof Paths];

/** One item of a paged path's answer. */
export type PageItem<Paths, P extends keyof Paths> = JsonOk<GetOf<Paths, P>> extends { items: (infer Item)[] } ? Item : never;

type ParametersOf<Operation> = Operation extends { parameters: infer Parameters } ? Parameters : never;
/** A paged path's parameters, the cursor excepted (the iterator sets it). */
export type PageParams<Paths, P extends keyof Paths> =
  ParametersOf<GetOf<Paths, P>> extends { path?: infer Path; query?: infer Query } ? { path?: Path; query?: Omit<NonNullable<Query>, 'cursor'> } : never;

export async function* paginate<Paths extends object, P extends PagedPath<Paths> & string>(
  client: Client<Paths>,
  path: P,
  init: { params: PageParams<Paths, P> },
): AsyncGenerator<PageItem<Paths, P>, void, undefined> {
  let cursor: string | undefined;
  do {
    const params = { ...init.params, query: { ...(init.params.query ?? {}), ...(cursor === undefined ? {} : { cursor }) } };
    // openapi-fetch's GET is typed per path; this loop serves every paged path alike.
    const get = client.GET as unknown as (
      path: string,
      init: object,
    ) => Promise<{ data?: { items: PageItem<Paths, P>[]; nextCursor?: string | null }; error?: unknown; response: Response }>;
    const { data, error, response } = await get(path, { params });
    if (!response.ok || !data) throw toProblemError(response, error);
    yield* data.items;
    cursor = data.nextCursor ?? undefined;
  } while (cursor !== undefined);
}
