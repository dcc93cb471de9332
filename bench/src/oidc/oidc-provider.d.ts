// The part of oidc-provider 9's API the bench's comparison server uses (the package ships no types).
declare module 'oidc-provider' {
  import { Server } from 'node:http';

  export interface ClientMetadata {
    client_id: string;
    client_secret: string;
    grant_types: string[];
    redirect_uris: string[];
    response_types: string[];
    token_endpoint_auth_method: string;
  }

  export interface ResourceServer {
    scope: string;
    audience: string;
    accessTokenFormat: 'jwt' | 'opaque';
    accessTokenTTL?: number;
    jwt?: { sign?: { alg: string } };
  }

  export interface Configuration {
    clients: ClientMetadata[];
    jwks: { keys: object[] };
    features: Record<string, object>;
    [option: string]: unknown;
  }

  export default class Provider {
    constructor(issuer: string, configuration: Configuration);
    proxy: boolean;
    listen(port: number, host: string, callback?: () => void): Server;
  }
}
