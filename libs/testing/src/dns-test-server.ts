// A name server on 127.0.0.1 for tests (UDP, node:dgram): answers A and AAAA questions from a table, NXDOMAIN
// for names it does not hold, and nothing at all for names it is told to ignore (a name server that does not
// answer). Enough of RFC 1035 for node:dns's Resolver; no other record types, no TCP, no compression beyond
// the answers' pointer to the question.
import { createSocket, RemoteInfo, Socket } from 'node:dgram';
import type { AddressInfo } from 'node:net';
import ipaddr from 'ipaddr.js';

export interface DnsTestRecords {
  A?: string[];
  AAAA?: string[];
}

export interface DnsTestServer {
  /** `127.0.0.1:port`, for Resolver.setServers. */
  address: string;
  /** Questions received, `name TYPE`, in lower case. */
  questions: string[];
  close(): Promise<void>;
}

const TYPE_A = 1;
const TYPE_AAAA = 28;

/** The question's name (lower case), type and where the question section ends; undefined when malformed. */
function readQuestion(message: Buffer): { name: string; type: number; end: number } | undefined {
  if (message.length < 12 || message.readUInt16BE(4) !== 1) return undefined;
  const labels: string[] = [];
  let at = 12;
  while (at < message.length && message[at] !== 0) {
    const length = message[at];
    if (length > 63 || at + 1 + length > message.length) return undefined;
    labels.push(message.subarray(at + 1, at + 1 + length).toString('latin1'));
    at += 1 + length;
  }
  if (at + 5 > message.length) return undefined;
  return { name: labels.join('.').toLowerCase(), type: message.readUInt16BE(at + 1), end: at + 5 };
}

function answer(query: Buffer, question: { type: number; end: number }, rcode: number, addresses: string[]): Buffer {
  const header = Buffer.alloc(12);
  query.copy(header, 0, 0, 2);
  // QR, the query's opcode and RD, AA, RA; the response code.
  header.writeUInt16BE(0x8000 | (query.readUInt16BE(2) & 0x7900) | 0x0400 | 0x0080 | rcode, 2);
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(addresses.length, 6);
  const records = addresses.map((address) => {
    const data = Buffer.from(ipaddr.parse(address).toByteArray());
    const record = Buffer.alloc(12);
    record.writeUInt16BE(0xc00c, 0);
    record.writeUInt16BE(question.type, 2);
    record.writeUInt16BE(1, 4);
    record.writeUInt32BE(60, 6);
    record.writeUInt16BE(data.length, 10);
    return Buffer.concat([record, data]);
  });
  return Buffer.concat([header, query.subarray(12, question.end), ...records]);
}

/** Starts the server: `records` by name (lower case), `silentFor` names never answered. */
export async function startDnsTestServer(records: Record<string, DnsTestRecords>, silentFor: string[] = []): Promise<DnsTestServer> {
  const socket: Socket = createSocket('udp4');
  const questions: string[] = [];
  socket.on('message', (message: Buffer, from: RemoteInfo) => {
    const question = readQuestion(message);
    if (!question) return;
    questions.push(`${question.name} ${question.type === TYPE_A ? 'A' : question.type === TYPE_AAAA ? 'AAAA' : question.type}`);
    if (silentFor.includes(question.name)) return;
    const entry = records[question.name];
    const addresses = !entry ? [] : question.type === TYPE_A ? (entry.A ?? []) : question.type === TYPE_AAAA ? (entry.AAAA ?? []) : [];
    socket.send(answer(message, question, entry ? 0 : 3, addresses), from.port, from.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return {
    address: `127.0.0.1:${(socket.address() as AddressInfo).port}`,
    questions,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
