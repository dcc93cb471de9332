// One public token per kind of caller of an organization (contract section 2), minted at the gateway.
import request from 'supertest';
import { SeededOrganization, createTestClient } from '@gateway/testing';
import { RunningGateway } from './start-public-gateway';

export type CallerKind = 'owner' | 'member' | 'organization' | 'connector' | 'service';

export async function mintToken(gateway: RunningGateway, databaseUrl: string, spec: Parameters<typeof createTestClient>[1]): Promise<string> {
  const c = await createTestClient(databaseUrl, spec);
  const res = await request(gateway.app.getHttpServer())
    .post('/oauth2/token')
    .type('form')
    .send(new URLSearchParams({ grant_type: 'client_credentials', client_id: c.clientId, client_secret: c.clientSecret }).toString());
  return res.body.access_token;
}

export async function callerTokens(gateway: RunningGateway, databaseUrl: string, organization: SeededOrganization): Promise<Record<CallerKind, string>> {
  return {
    owner: await mintToken(gateway, databaseUrl, { type: 'USER', userId: organization.ownerId }),
    member: await mintToken(gateway, databaseUrl, { type: 'USER', userId: organization.memberId }),
    organization: await mintToken(gateway, databaseUrl, { type: 'ORGANIZATION', organizationId: organization.organizationId }),
    connector: await mintToken(gateway, databaseUrl, { type: 'CONNECTOR', connectionIds: [organization.connectionId] }),
    service: await mintToken(gateway, databaseUrl, { type: 'SERVICE' }),
  };
}
