// What global-setup hands to the browser tests (read with `inject(...)` from vitest).
declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    adminEmail: string;
    adminPassword: string;
    /** Where the app sends mail (SMTP_URL); a test listens there with support/mail.ts. */
    smtpPort: number;
    /** Where the app receives mail (INBOUND_SMTP_PORT). */
    inboundSmtpPort: number;
    /** Where the app asks for driving routes (ROUTING_URL); a test answers there as a fake OSRM. */
    routingPort: number;
    /** The app's embedded PostgreSQL, for tests that start more app processes on the same data. */
    databaseUrl: string;
    /** The app's DATA_DIR, for tests that make records whose files live there (documents). */
    dataDir: string;
    /** The built web app the app processes serve. */
    webDist: string;
    /** The run's shared Chromium (support/browser-server.ts); files connect to it. */
    browserWSEndpoint?: string;
  }
}

export {};
