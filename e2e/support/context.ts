// What global-setup hands to the browser tests (read with `inject(...)` from vitest).
declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    adminEmail: string;
    adminPassword: string;
  }
}

export {};
