// Problem types resolve (RFC 9457): every type a gateway's document lists answers its page, without a
// token; a test of each gateway uses this with the document that gateway serves.
import request from 'supertest';
import type { Server } from 'node:http';

/** The problem types a served document lists (the `type` of its problem body schema). */
export function documentedProblemTypes(document: Record<string, unknown>): string[] {
  const schemas = (document.components as { schemas: Record<string, { properties?: Record<string, { enum?: string[] }> }> }).schemas;
  return schemas.ProblemDetailsDto.properties?.type?.enum ?? [];
}

/** What is wrong with the pages of `types` on `server` ([] when each answers 200 HTML naming its type). */
export async function problemTypePageFailures(server: Server, types: string[]): Promise<string[]> {
  const failures: string[] = [];
  for (const type of types) {
    const res = await request(server).get(type);
    const problems = [
      res.status !== 200 && `status ${res.status}`,
      !String(res.headers['content-type']).startsWith('text/html') && `content type ${res.headers['content-type']}`,
      !res.text.includes(`<code>${type}</code>`) && 'the page does not name its type',
      !/<h2>What to do<\/h2><p>.+<\/p>/.test(res.text) && 'the page does not say what to do',
    ].filter(Boolean);
    if (problems.length > 0) failures.push(`${type}: ${problems.join(', ')}`);
  }
  return failures;
}
