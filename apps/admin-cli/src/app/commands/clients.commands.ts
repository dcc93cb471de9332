// clients:create | clients:list | clients:revoke (contract section 1).
import { INestApplicationContext } from '@nestjs/common';
import { ApiClientsService, Audience, AuthMethod, ClientSpecError, ClientType, clientSpecProblems } from '@gateway/domain';
import { CliFailure, CliUsageError, Output } from '../output';

export interface CreateClientOptions {
  type: string;
  userId?: string;
  organizationId?: string;
  connectionId?: string[];
  authMethod: string;
  audience: string;
  name?: string;
}

/** The usage errors of clients:create (exit 2), checked before the database is opened. */
export function checkCreateClientUsage(options: CreateClientOptions): void {
  const problems = clientSpecProblems({ ...options, clientType: options.type, connectionIds: options.connectionId });
  if (problems.length > 0) throw new CliUsageError(problems.join('; '));
}

export async function createClientCommand(app: INestApplicationContext, options: CreateClientOptions, out: Output): Promise<void> {
  checkCreateClientUsage(options);
  try {
    const created = await app.get(ApiClientsService).create({
      clientType: options.type as ClientType,
      userId: options.userId,
      organizationId: options.organizationId,
      connectionIds: options.connectionId,
      authMethod: options.authMethod as AuthMethod,
      audience: options.audience as Audience,
      name: options.name,
    });
    // The one and only display of the secret.
    out.result(created, JSON.stringify(created));
    out.message('Keep the client_secret now: it is stored only as a hash and cannot be shown again.');
  } catch (error) {
    if (error instanceof ClientSpecError) throw new CliFailure(error.message);
    throw error;
  }
}

export async function listClientsCommand(app: INestApplicationContext, out: Output): Promise<void> {
  const clients = await app.get(ApiClientsService).list();
  const text = clients.length
    ? clients
        .map(
          (c) =>
            `${c.client_id}  ${c.client_type.padEnd(12)} ${c.auth_method.padEnd(19)} ${c.audience.padEnd(8)} ${c.revoked_at ? `revoked ${c.revoked_at}` : 'active'}${c.name ? `  ${c.name}` : ''}`,
        )
        .join('\n')
    : 'no clients';
  out.result(clients, text);
}

export async function revokeClientCommand(app: INestApplicationContext, clientId: string, out: Output): Promise<void> {
  if (!(await app.get(ApiClientsService).revoke(clientId))) throw new CliFailure(`no client ${clientId}`);
  out.result({ client_id: clientId, revoked: true }, `revoked ${clientId}: no new tokens; its issued tokens stop working within 60 seconds`);
}
