declare module 's3rver' {
  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory: string;
    resetOnClose?: boolean;
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
  }
  /** A local S3-compatible server (tests only). */
  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
    /** Koa's request handler, which run() serves. */
    callback(): (
      req: import('node:http').IncomingMessage,
      res: import('node:http').ServerResponse,
    ) => void;
  }
}
