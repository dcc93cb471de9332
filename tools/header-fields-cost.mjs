#!/usr/bin/env node
// What Node's http takes to write the head of whoami's answer, in isolation: the fields set one by one
// with setHeader (as the gateways do) or given to writeHead in one array with nothing set before, each with
// and without the request quota's two fields. No socket: the answer stays in the response's own buffer, so
// only the header work and the body's copy are timed. Prints microseconds per answer, several rounds.
//   node tools/header-fields-cost.mjs [answers per round]
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';

const ANSWERS = Number(process.argv[2] ?? 200_000);
const ROUNDS = 4;

const BODY = '{"clientType":"SERVICE","clientId":"cl_CJVjtVOe_TmCsuNDL6z_jg"}';
/** whoami's fields that the gateway sets itself (Date, Connection and Keep-Alive are Node's). */
const FIELDS = [
  ['X-Request-Id', '3a30951d-08bd-4efa-af47-74458e30bd06'],
  ['Content-Security-Policy', "default-src 'none';frame-ancestors 'none'"],
  ['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-Frame-Options', 'DENY'],
  ['Cache-Control', 'no-store'],
  ['Content-Type', 'application/json; charset=utf-8'],
  ['Content-Length', String(Buffer.byteLength(BODY))],
];
const POLICY = '"default";q=100000000;w=60';

const request = new IncomingMessage(new Socket());
request.method = 'GET';
request.httpVersionMajor = 1;
request.httpVersionMinor = 1;

let remaining = 99_999_999;
const quotaValue = () => `"default";r=${remaining--};t=41`;

const ways = {
  'setHeader, quota off': (res) => {
    for (const [name, value] of FIELDS) res.setHeader(name, value);
  },
  'setHeader, quota on': (res) => {
    for (const [name, value] of FIELDS) res.setHeader(name, value);
    res.setHeader('RateLimit-Policy', POLICY);
    res.setHeader('RateLimit', quotaValue());
  },
  'one array, quota off': (res) => {
    const head = [];
    for (const [name, value] of FIELDS) head.push(name, value);
    res.writeHead(200, head);
  },
  'one array, quota on': (res) => {
    const head = [];
    for (const [name, value] of FIELDS) head.push(name, value);
    head.push('RateLimit-Policy', POLICY, 'RateLimit', quotaValue());
    res.writeHead(200, head);
  },
};

for (let round = 0; round <= ROUNDS; round++) {
  const line = [];
  for (const [name, setFields] of Object.entries(ways)) {
    const started = process.hrtime.bigint();
    for (let i = 0; i < ANSWERS; i++) {
      const res = new ServerResponse(request);
      setFields(res);
      res.end(BODY);
    }
    line.push(`${name} ${(Number(process.hrtime.bigint() - started) / 1000 / ANSWERS).toFixed(2)} µs`);
  }
  // Round 0 warms the code up and is not printed.
  if (round > 0) console.log(`round ${round}: ${line.join(' · ')}`);
}
