// The pages problem types resolve to (RFC 9457 section 3.1.1: a `type` should be dereferenceable):
// `GET /problems/<slug>` answers a short HTML page saying what the problem means and what to do, and
// `GET /problems` lists them all. No token needed; the same pages on both gateways.
import { Controller, Get, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ApiExcludeController } from '@nestjs/swagger';
import { PublicRoute } from '../http/public-route.decorator';
import { PAGE_HEADER_PLAN, setPlannedHeaders } from '../http/response-headers';
import { NotFoundProblem } from './problem.exception';
import { statusTitle } from './problem-details';
import { PROBLEM_TYPES, PROBLEM_TYPE_PATH, ProblemTypeEntry, ProblemTypeSlug, isProblemTypeSlug, problemTypeUri } from './problem-types';

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Plain text with `code` spans, as the table writes it, into HTML. */
const prose = (text: string): string => escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');

const STYLE =
  'body{font-family:system-ui,sans-serif;max-width:44rem;margin:2rem auto;padding:0 1rem;line-height:1.5;color:#1b1b1b}code{background:#f2f2f2;padding:0 .2em}dt{font-weight:600}';

function page(title: string, body: string): string {
  return `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>\n`;
}

export function problemTypePage(slug: ProblemTypeSlug): string {
  const entry: ProblemTypeEntry = PROBLEM_TYPES[slug];
  return page(
    entry.heading,
    `<p><a href="${PROBLEM_TYPE_PATH}">Problem types</a></p><h1>${escapeHtml(entry.heading)}</h1>` +
      `<p>Type <code>${problemTypeUri(slug)}</code>, answered with status ${entry.status} ${escapeHtml(statusTitle(entry.status))} as an <code>application/problem+json</code> body (RFC 9457).</p>` +
      `<h2>What it means</h2><p>${prose(entry.meaning)}</p><h2>What to do</h2><p>${prose(entry.remedy)}</p>`,
  );
}

export function problemTypeIndexPage(): string {
  const items = (Object.keys(PROBLEM_TYPES) as ProblemTypeSlug[])
    .map(
      (slug) =>
        `<dt><a href="${problemTypeUri(slug)}">${problemTypeUri(slug)}</a> (${PROBLEM_TYPES[slug].status})</dt><dd>${escapeHtml(PROBLEM_TYPES[slug].heading)}</dd>`,
    )
    .join('');
  return page(
    'Problem types',
    `<h1>Problem types</h1><p>Every error answer is a problem body (RFC 9457) whose <code>type</code> is one of these.</p><dl>${items}</dl>`,
  );
}

/** Pages change only with a release: caches may keep them an hour. A browser renders them: helmet's full set. */
function sendPage(res: Response, html: string): string {
  setPlannedHeaders(res, PAGE_HEADER_PLAN);
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Cache-Control', 'public, max-age=3600');
  return html;
}

@ApiExcludeController()
@PublicRoute()
@Controller(PROBLEM_TYPE_PATH.slice(1))
export class ProblemPagesController {
  @Get()
  index(@Res({ passthrough: true }) res: Response): string {
    return sendPage(res, problemTypeIndexPage());
  }

  @Get(':slug')
  page(@Param('slug') slug: string, @Res({ passthrough: true }) res: Response): string {
    if (!isProblemTypeSlug(slug)) throw new NotFoundProblem(`There is no problem type ${slug.slice(0, 100)}.`);
    return sendPage(res, problemTypePage(slug));
  }
}
