// oidc-provider ships no types; the stand-in in lib/oidc.mjs uses a small part of it.
declare module 'oidc-provider' {
  import type { Server } from 'node:http';

  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    listen(port: number, host: string, callback?: () => void): Server;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }
}
