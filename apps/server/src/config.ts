import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_FREE_SPACE_GB, DEFAULT_VERIFY_TTL_MINUTES } from '@phonecloud/shared';
import { z } from 'zod';

const boolFlag = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');

/** Every environment variable the server reads, validated once at start-up. */
const EnvSchema = z.object({
  NODE_ENV: z.string().default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  SESSION_SECRET: z.string().min(32).optional(),
  SMTP_URL: z.string().optional(),
  SMTP_FROM: z.string().optional(),
  SMS_WEBHOOK_URL: z.string().url().optional(),
  FREE_SPACE_GB: z.coerce.number().min(0).default(DEFAULT_FREE_SPACE_GB),
  VERIFY_TTL_MINUTES: z.coerce.number().int().min(1).default(DEFAULT_VERIFY_TTL_MINUTES),
  SEED_DEMO: boolFlag.default(true),
  DEMO_PASSWORD: z.string().min(1).default('demo12345'),
  PUBLIC_URL: z.string().url().optional(),
  TRUST_PROXY: z.string().optional(),
  HSTS_MAX_AGE: z.coerce.number().int().min(0).default(31_536_000),
  SMS_HOURLY_PER_ADDRESS: z.coerce.number().int().min(1).default(10),
  SMS_HOURLY_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  SMS_HOURLY_PER_PREFIX: z.coerce.number().int().min(1).default(30),
  SMS_HOURLY_GLOBAL: z.coerce.number().int().min(1).default(1000),
  OPERATOR_EMAIL: z.string().email().optional(),
  PRODUCT_NAME: z.string().default('手机云服务'),
  VENDOR_NAME: z.string().default('云服务开源项目'),
  FILING_NUMBER: z.string().default('未备案（自托管部署）'),
  FILING_URL: z.string().default('https://beian.miit.gov.cn/'),
  WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.string().default('info'),
  /** json: one JSON object a line (production); pretty: one readable line a request (docs/operations.md). */
  LOG_FORMAT: z.enum(['json', 'pretty']).default('json'),
  CAPTCHA_TEST_ANSWER: z.string().optional(),
  UPLOAD_BASE_URL: z.string().url().optional(),
  MAP_TILE_URL: z.string().optional(),
  MAP_TILE_COORDS: z.enum(['wgs84', 'gcj02']).default('wgs84'),
  MAP_TILE_ATTRIBUTION: z.string().default(''),
  MAP_TILE_SUBDOMAINS: z.string().default('abc'),
  QUICK_UPLOAD_SCOPE: z.enum(['user', 'global']).default('user'),
  THUMBS_AHEAD: boolFlag.default(true),
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_PREFIX: z.string().default(''),
  /** On SIGTERM: seconds /readyz answers 503 while requests are still served (docs/operations.md). */
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(600).default(5),
  /** Then: seconds requests in flight (uploads, long-polls) get to finish before the process exits. */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).max(3600).default(30),
  /** The bearer token /metrics answers to; without it /metrics answers 404 (docs/operations.md). */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** Where the server itself takes scheduled backups; unset: no scheduled backup. */
  BACKUP_DIR: z.string().optional(),
  /** Hours between scheduled backups (fractions allowed: 0.5 is every half hour). */
  BACKUP_EVERY_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 366)
    .default(24),
  /** Finished backups kept in BACKUP_DIR; older ones and the blobs only they named are removed. */
  BACKUP_KEEP: z.coerce.number().int().min(1).default(7),
  /** MiB of the blob store re-read against their hashes each housekeeping run (10 minutes); 0: off. */
  BLOB_CHECK_MB: z.coerce.number().int().min(0).default(256),
});

export interface MapTiles {
  url: string;
  coords: 'wgs84' | 'gcj02';
  attribution: string;
  subdomains: string;
  /** What the pages' img-src must allow for the tiles: `https://*.tile.example.com`. */
  imageSource: string;
}

/**
 * The CSP source of a tile template: its scheme and host, a host label holding `{s}` (the
 * rotating subdomain) becoming the leading `*` CSP allows; a template that is not an http(s)
 * URL is refused at start-up.
 */
export function tileImageSource(template: string): string {
  const m = /^(https?):\/\/([^/?#]+)/.exec(template);
  if (!m) throw new Error('MAP_TILE_URL must be an http(s) URL template');
  const labels = (m[2] ?? '').split('.');
  const first = labels.findIndex((l) => l.includes('{'));
  const host = first < 0 ? labels.join('.') : ['*', ...labels.slice(first + 1)].join('.');
  if (/[{}]/.test(host)) throw new Error("MAP_TILE_URL: only the host's leading labels may hold {s}");
  return `${m[1]}://${host}`;
}

export interface Config {
  env: string;
  isTest: boolean;
  port: number;
  host: string;
  /** Bearer token of /metrics; null: /metrics is off. */
  metricsToken: string | null;
  /** A SIGTERM's drain (ready 503, still serving) and grace (in-flight requests), in ms. */
  shutdownDrainMs: number;
  shutdownGraceMs: number;
  dataDir: string;
  databaseUrl: string | undefined;
  sessionSecret: string;
  smtpUrl: string | undefined;
  smtpFrom: string;
  smsWebhookUrl: string | undefined;
  freeSpaceGb: number;
  verifyTtlMinutes: number;
  seedDemo: boolean;
  demoPassword: string;
  /** Origins allowed on state-changing calls besides the request's own host. */
  publicUrl: string | undefined;
  /**
   * Which peers may state the client's address, host and scheme (X-Forwarded-*): none by
   * default, a hop count, or a list of proxy addresses / CIDR ranges (Fastify's `trustProxy`).
   */
  trustProxy: false | true | number | string[];
  /**
   * Seconds a browser keeps to HTTPS after an answer over HTTPS (Strict-Transport-Security); 0
   * makes it forget. Sent only on HTTPS requests, as TRUST_PROXY lets the scheme be known.
   */
  hstsMaxAge: number;
  /**
   * Text messages with codes per hour: from one client address, for one account, to one number
   * block (the first 7 digits), and in all. SMS costs money and is a fraud target (SMS pumping).
   */
  smsHourly: { perAddress: number; perAccount: number; perPrefix: number; global: number };
  /** Where operator warnings go by e-mail (needs SMTP_URL); the log always has them. */
  operatorEmail: string | undefined;
  productName: string;
  vendorName: string;
  filingNumber: string;
  filingUrl: string;
  webDist: string;
  /** The demo account's photos (seeded at its first start). */
  demoPhotosDir: string;
  logLevel: string;
  logFormat: 'json' | 'pretty';
  /** The server's own scheduled backups (cli/backup/schedule.ts); undefined: none. */
  backup: { dir: string; everyMs: number; keep: number } | undefined;
  /** Bytes the store check re-reads per housekeeping run (storage/blob-check.ts); 0: none. */
  blobCheckBytes: number;
  /** Accepted as a captcha answer, in test mode only. */
  captchaTestAnswer: string | undefined;
  /** Origin of the upload host (secureUploadDomain); the request's own origin when unset. */
  uploadBaseUrl: string | undefined;
  /** Find-my-phone's map tiles; undefined = no tiles (a blank map with the marker). */
  mapTiles: MapTiles | undefined;
  /** 'user': an MD5 quick upload links only to the same user's content; 'global': to anyone's. */
  quickUploadScope: 'user' | 'global';
  /** Drive pictures get their grid thumbnail made in the background right after upload. */
  thumbsAhead: boolean;
  /** S3-compatible blob store, used when endpoint and bucket are set. */
  s3:
    | {
        endpoint: string;
        bucket: string;
        accessKeyId: string | undefined;
        secretAccessKey: string | undefined;
        region: string;
        prefix: string;
      }
    | undefined;
  /** Warnings to log once the logger exists. */
  warnings: string[];
}

/**
 * TRUST_PROXY: unset, '', '0' or 'false' trust nobody (the socket's address and the Host header
 * count); digits are the number of proxies in front; 'true' trusts every peer; anything else is a
 * comma-separated list of proxy addresses or CIDR ranges.
 */
export function parseTrustProxy(value: string | undefined): false | true | number | string[] {
  const v = value?.trim() ?? '';
  if (v === '' || v === '0' || v === 'false') return false;
  if (v === 'true') return true;
  if (/^\d+$/.test(v)) return Number(v);
  return v
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

/** Keeps a generated secret in DATA_DIR so that restarts keep sessions and tokens valid. */
function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    const secret = randomBytes(32).toString('hex');
    writeFileSync(file, `${secret}\n`, { mode: 0o600 });
    return secret;
  }
}

type Env = z.output<typeof EnvSchema>;

/** Settings that work but are probably not what the operator meant, for the start-up log. */
function warningsOf(e: Env, isTest: boolean, trustProxy: Config['trustProxy']): string[] {
  const warnings: string[] = [];
  if (trustProxy === true) {
    warnings.push(
      "TRUST_PROXY=true believes X-Forwarded-* from any client: use the proxies' addresses or a hop count",
    );
  }
  if (e.CAPTCHA_TEST_ANSWER && !isTest) {
    warnings.push('CAPTCHA_TEST_ANSWER is set but ignored: it only works when NODE_ENV=test');
  }
  return warnings;
}

function mapTilesOf(e: Env): Config['mapTiles'] {
  return e.MAP_TILE_URL
    ? {
        url: e.MAP_TILE_URL,
        coords: e.MAP_TILE_COORDS,
        attribution: e.MAP_TILE_ATTRIBUTION,
        subdomains: e.MAP_TILE_SUBDOMAINS,
        imageSource: tileImageSource(e.MAP_TILE_URL),
      }
    : undefined;
}

function s3Of(e: Env): Config['s3'] {
  return e.S3_ENDPOINT && e.S3_BUCKET
    ? {
        endpoint: e.S3_ENDPOINT,
        bucket: e.S3_BUCKET,
        accessKeyId: e.S3_ACCESS_KEY_ID,
        secretAccessKey: e.S3_SECRET_ACCESS_KEY,
        region: e.S3_REGION,
        prefix: e.S3_PREFIX,
      }
    : undefined;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const isTest = e.NODE_ENV === 'test';
  const trustProxy = parseTrustProxy(e.TRUST_PROXY);
  const warnings = warningsOf(e, isTest, trustProxy);
  return {
    env: e.NODE_ENV,
    isTest,
    port: e.PORT,
    host: e.HOST,
    metricsToken: e.METRICS_TOKEN ?? null,
    backup: e.BACKUP_DIR
      ? {
          dir: path.resolve(e.BACKUP_DIR),
          everyMs: Math.round(e.BACKUP_EVERY_HOURS * 3_600_000),
          keep: e.BACKUP_KEEP,
        }
      : undefined,
    blobCheckBytes: e.BLOB_CHECK_MB * 1024 * 1024,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_SECONDS * 1000,
    shutdownGraceMs: e.SHUTDOWN_GRACE_SECONDS * 1000,
    dataDir,
    databaseUrl: e.DATABASE_URL || undefined,
    sessionSecret: e.SESSION_SECRET ?? loadOrCreateSecret(dataDir),
    smtpUrl: e.SMTP_URL || undefined,
    smtpFrom: e.SMTP_FROM ?? `${e.PRODUCT_NAME} <no-reply@localhost>`,
    smsWebhookUrl: e.SMS_WEBHOOK_URL || undefined,
    freeSpaceGb: e.FREE_SPACE_GB,
    verifyTtlMinutes: e.VERIFY_TTL_MINUTES,
    seedDemo: e.SEED_DEMO,
    demoPassword: e.DEMO_PASSWORD,
    publicUrl: e.PUBLIC_URL,
    trustProxy,
    hstsMaxAge: e.HSTS_MAX_AGE,
    smsHourly: {
      perAddress: e.SMS_HOURLY_PER_ADDRESS,
      perAccount: e.SMS_HOURLY_PER_ACCOUNT,
      perPrefix: e.SMS_HOURLY_PER_PREFIX,
      global: e.SMS_HOURLY_GLOBAL,
    },
    operatorEmail: e.OPERATOR_EMAIL,
    productName: e.PRODUCT_NAME,
    vendorName: e.VENDOR_NAME,
    filingNumber: e.FILING_NUMBER,
    filingUrl: e.FILING_URL,
    webDist: path.resolve(e.WEB_DIST ?? path.join(import.meta.dirname, '../../web/dist')),
    demoPhotosDir: path.join(import.meta.dirname, '../demo/photos'),
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    captchaTestAnswer: isTest ? e.CAPTCHA_TEST_ANSWER : undefined,
    uploadBaseUrl: e.UPLOAD_BASE_URL ? new URL(e.UPLOAD_BASE_URL).origin : undefined,
    mapTiles: mapTilesOf(e),
    quickUploadScope: e.QUICK_UPLOAD_SCOPE,
    thumbsAhead: e.THUMBS_AHEAD,
    s3: s3Of(e),
    warnings,
  };
}
