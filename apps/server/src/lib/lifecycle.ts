/**
 * The process's own state as a load balancer sees it: draining once a shutdown began (main.ts),
 * when /readyz answers 503 so traffic goes elsewhere while requests in flight finish.
 */
export const lifecycle = { draining: false };
