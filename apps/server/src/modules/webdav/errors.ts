import { NS } from '../../lib/dav-xml/xml.js';

/** A WebDAV answer other than success: its HTTP status and, when RFC 4918 names one, the condition. */
export class DavError extends Error {
  constructor(
    readonly status: number,
    readonly condition?: string,
    /** Hrefs the condition names (the locked resources of lock-token-submitted). */
    readonly hrefs: string[] = [],
    message?: string,
  ) {
    super(message ?? condition ?? `HTTP ${status}`);
  }
}

export const davNs = NS.DAV;
