import { Msg } from '@phonecloud/shared';

/** Fastify's and @fastify/multipart's error codes that a client's request can cause. */
const TEXTS: Readonly<Record<string, string>> = {
  FST_ERR_CTP_BODY_TOO_LARGE: Msg.BODY_TOO_LARGE,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: Msg.BODY_TOO_LARGE,
  FST_REQ_FILE_TOO_LARGE: Msg.FILE_TOO_LARGE,
  FST_FILES_LIMIT: Msg.FILE_TOO_LARGE,
  FST_PARTS_LIMIT: Msg.BODY_TOO_LARGE,
  FST_FIELDS_LIMIT: Msg.BODY_TOO_LARGE,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: Msg.BODY_UNSUPPORTED,
  FST_ERR_CTP_EMPTY_JSON_BODY: Msg.BODY_MALFORMED,
  FST_ERR_CTP_INVALID_JSON_BODY: Msg.BODY_MALFORMED,
};

/** The Chinese text for a 4xx the framework raised before a route ran (too large, malformed...). */
export function frameworkErrorText(code: string | undefined, status: number): string {
  const known = code ? TEXTS[code] : undefined;
  if (known) return known;
  if (status === 413) return Msg.BODY_TOO_LARGE;
  if (status === 415) return Msg.BODY_UNSUPPORTED;
  return Msg.REQUEST_INVALID;
}
