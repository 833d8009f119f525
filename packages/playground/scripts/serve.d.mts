/** The built site beside the script. */
export declare const DIST: string;
/** A running static server. */
export interface StaticServer {
  readonly url: string;
  close(): Promise<void>;
}
/** Starts a static server for `root` on `host:port` (port 0: any free port). */
export declare function startServer(options?: { root?: string; host?: string; port?: number }): Promise<StaticServer>;
/** The Content-Encoding to answer an Accept-Encoding header with: 'br', 'gzip' or undefined (identity). */
export declare function pickEncoding(acceptEncoding?: string): 'br' | 'gzip' | undefined;
